import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// gpsd's `gpsfake` replaying a log into a private gpsd on a free loopback port, gated: it sends
/// nothing to gpsd until `release()` (it runs with `-i`, one stdin line per sentence, and `-p`, its
/// own watcher, for one pass, `-1`); gpsd says `DEVICE ... "activated":0` when the pass is over. Stopped by pid, gpsd included.
final class GPSFake: @unchecked Sendable {
    let port: Int
    private let process = Process()
    private let input = Pipe()

    /// Starts gpsfake, or cancels the test when gpsfake is not installed.
    static func start(log: URL) throws -> GPSFake {
        guard let gpsfake = which("gpsfake") else {
            try Test.cancel("skipped: gpsfake is not installed (apt-get install gpsd gpsd-clients)")
        }
        return try GPSFake(executable: gpsfake, log: log)
    }

    private init(executable gpsfake: URL, log: URL) throws {
        port = try freeTCPPort()
        process.executableURL = gpsfake
        process.arguments = ["-1", "-p", "-i", "-q", "-P", "\(port)", log.path]
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Lets gpsfake feed `sentences` lines (more than the log has is harmless).
    func release(sentences: Int) {
        input.fileHandleForWriting.write(Data(repeating: UInt8(ascii: "\n"), count: sentences))
    }

    /// Stops gpsfake and its gpsd by pid if they are still running.
    func stop() {
        let pid = process.processIdentifier
        let children = Self.descendants(of: pid)
        if process.isRunning { kill(pid, SIGINT) }  // gpsfake's own cleanup stops its gpsd
        for _ in 0..<40 where process.isRunning { usleep(50_000) }
        if process.isRunning { kill(pid, SIGKILL) }
        process.waitUntilExit()
        for child in children where kill(child, 0) == 0 { kill(child, SIGKILL) }
        try? input.fileHandleForWriting.close()
    }

    static func which(_ tool: String) -> URL? {
        for folder in ["/usr/bin", "/usr/sbin", "/usr/local/bin", "/bin"] {
            let url = URL(fileURLWithPath: folder).appendingPathComponent(tool)
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return nil
    }

    private static func descendants(of pid: Int32) -> [Int32] {
        let path = "/proc/\(pid)/task/\(pid)/children"
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return [] }
        let children = text.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        return children + children.flatMap(descendants(of:))
    }
}
