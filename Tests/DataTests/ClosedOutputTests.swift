import Data
import Foundation
import Testing

@Suite("A closed output is noticed")
struct ClosedOutputTests {
    @Test("a pipe whose reader closed is seen as closed, at once and by the watcher; a file never is")
    func pipe() async throws {
        let pipe = Pipe()
        let fd = pipe.fileHandleForWriting.fileDescriptor
        #expect(ClosedOutput.isPipe(fd) && !ClosedOutput.isClosed(fd))
        let watched = ClosedOutput.watch(fd)
        try pipe.fileHandleForReading.close()
        #expect(ClosedOutput.isClosed(fd))
        var iterator = watched.makeAsyncIterator()
        #expect(await iterator.next() != nil)

        let file = FileManager.default.temporaryDirectory.appendingPathComponent("closed-output-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: file.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: file) }
        let handle = try FileHandle(forWritingTo: file)
        #expect(!ClosedOutput.isPipe(handle.fileDescriptor) && !ClosedOutput.isClosed(handle.fileDescriptor))
        var none = ClosedOutput.watch(handle.fileDescriptor).makeAsyncIterator()
        #expect(await none.next() == nil)
    }
}
