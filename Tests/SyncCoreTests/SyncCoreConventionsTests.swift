import Foundation
import Testing

/// The sync core stays pure (docs/ARCHITECTURE.md, `SyncCore`): no socket, no SwiftNIO, no clock, file or
/// queue of its own; time comes in, effects go out. Read from its sources, so a slip fails here.
@Suite("SyncCore: no I/O of its own")
struct SyncCoreConventionsTests {
    @Test("no SwiftNIO, sockets, files, queues or clock readings in Sources/SyncCore")
    func pure() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let folder = root.appendingPathComponent("Sources/SyncCore")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count > 30)
        let forbidden = ["import NIO", "import Glibc", "import Darwin", "import Dispatch", "Date()", "FileManager", "DispatchQueue",
                         "ProcessInfo", "clock_gettime", "ContinuousClock", "SuspendingClock", "socket("]
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for word in forbidden {
                #expect(!text.contains(word), "\(file) has \(word)")
            }
        }
    }
}
