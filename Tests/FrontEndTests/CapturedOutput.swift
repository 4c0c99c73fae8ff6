import Foundation

/// A temporary file a front-end writes to through its `output_fd`.
final class CapturedOutput {
    let url: URL
    let handle: FileHandle

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-frontend-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: url.path, contents: nil)
        handle = try FileHandle(forWritingTo: url)
    }

    var fd: Int32 { handle.fileDescriptor }

    /// Everything written so far.
    func text() throws -> String {
        try String(contentsOf: url, encoding: .utf8)
    }

    deinit {
        try? handle.close()
        try? FileManager.default.removeItem(at: url)
    }
}
