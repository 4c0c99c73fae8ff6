import Foundation
import MateRunnerTesting
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// A cheap receiver through gpsd: every fix of an NMEA log with HDOP 1.2 (gpsd makes ±23 m of it) is
/// dropped by the 20 m accuracy limit. The status frames say how many and why, and the run's result
/// repeats it (end to end with gpsfake and the real binary).
@Suite("End to end: dropped fixes through gpsfake")
struct DroppedFixesEndToEndTests {
    /// `count` seconds of GGA and RMC sentences walking north at 3 m/s, each with `hdop`.
    static func log(seconds count: Int, hdop: Double) -> String {
        func checksum(_ body: String) -> String {
            String(format: "%02X", body.utf8.reduce(UInt8(0), ^))
        }
        var lines = ["# Name: a cheap receiver (HDOP \(hdop)), MateRunner's dropped-fixes test"]
        for second in 0..<count {
            let latitude = 46 + Double(second) * 3 / 111_320
            let minutes = (latitude - 46) * 60
            let lat = String(format: "46%07.4f", minutes)
            let time = String(format: "08%02d%02d.00", second / 60, second % 60)
            let gga = "GPGGA,\(time),\(lat),N,01430.0000,E,1,05,\(hdop),300.0,M,47.0,M,,"
            let rmc = "GPRMC,\(time),A,\(lat),N,01430.0000,E,5.8,0.0,150127,,,A"
            lines += ["$\(gga)*\(checksum(gga))", "$\(rmc)*\(checksum(rmc))"]
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Stops gpsfake and its gpsd by pid: SIGINT (its own cleanup stops its gpsd), SIGKILL after 2 s,
    /// and any child left.
    static func stop(_ fake: Process) {
        let pid = fake.processIdentifier
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8))
            .map { $0.split(separator: " ").compactMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) } } ?? []
        if fake.isRunning { kill(pid, SIGINT) }
        for _ in 0..<40 where fake.isRunning { usleep(50_000) }
        if fake.isRunning { kill(pid, SIGKILL) }
        fake.waitUntilExit()
        for child in children where kill(child, 0) == 0 { kill(child, SIGKILL) }
    }

    @Test("HDOP 1.2 (±23 m): the frames count the dropped fixes and name the limit; the result says it again")
    func droppedThroughGPSD() async throws {
        guard let gpsfake = ["/usr/bin/gpsfake", "/usr/local/bin/gpsfake"].first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            try Test.cancel("skipped: gpsfake is not installed (apt-get install gpsd gpsd-clients)")
        }
        let binary = try BuildProducts.materunner()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("dropped-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let log = folder.appendingPathComponent("cheap.log")
        try Data(Self.log(seconds: 120, hdop: 1.2).utf8).write(to: log)
        let port = try freeTCPPort()
        // gpsfake with a private gpsd on loopback, one pass, a sentence every 0.1 s; stopped by pid.
        let fake = Process()
        fake.executableURL = URL(fileURLWithPath: gpsfake)
        fake.arguments = ["-1", "-q", "-c", "0.1", "-P", "\(port)", log.path]
        fake.standardInput = FileHandle.nullDevice
        fake.standardOutput = FileHandle.nullDevice
        fake.standardError = FileHandle.nullDevice
        try fake.run()
        defer { Self.stop(fake) }
        try await Task.sleep(for: .seconds(1))

        let run = try ProcessRun.Handle(binary, [
            "run", "--name", "ana", "--mates", "0", "--goal", "0.5", "--source", "gpsd:127.0.0.1:\(port)",
            "--port", "0", "--frontend", "json", "--data-dir", folder.appendingPathComponent("data").path,
        ], input: true)
        let counted = await run.waitForJSON(type: "status", timeout: 40) { frame in
            (((frame["position"] as? [String: Any])?["dropped_fixes"] as? [String: Any])?["count"] as? Int ?? 0) >= 5
        }
        run.send(#"{"type":"stop"}"#)
        let ended = await run.wait(timeout: 30)
        #expect(!ended.timedOut && ended.status == 0, "exit \(ended.status): \(ended.stderr)")
        let status = try #require(counted, "no status frame counted 5 dropped fixes: \(ended.stdout.suffix(1500)) \(ended.stderr)")
        let position = try #require(status["position"] as? [String: Any])
        let dropped = try #require(position["dropped_fixes"] as? [String: Any])
        #expect(dropped["max_accuracy_m"] as? Double == 20)
        let summary = try #require(dropped["summary"] as? String)
        #expect(summary.hasPrefix("fixes dropped: accuracy 2") && summary.contains("> 20 m") && summary.contains("--max-accuracy"), "\(summary)")
        #expect((position["summary"] as? String)?.contains("±2") == true, "the receiver's own accuracy: \(position)")
        // Nothing was counted: the distance stayed 0, and the result says why.
        let result = try #require(try ended.jsonLines().last { $0["type"] as? String == "result" })
        #expect((result["runners"] as? [[String: Any]])?.first?["distance_m"] as? Double == 0)
        #expect((result["message"] as? String)?.contains("fixes dropped: accuracy") == true, "\(result["message"] ?? "")")
    }
}
