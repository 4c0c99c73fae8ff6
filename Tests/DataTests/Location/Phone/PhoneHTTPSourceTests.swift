import Data
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// The phone source over a real socket on loopback, posted to with curl: positions come out of
/// `fixes()` at their own time and in time order; an oversized body is refused before it is read.
@Suite("Phone source over HTTP on loopback: fixes in order at their own time, 413 and 401 on the wire")
struct PhoneHTTPSourceTests {
    static let credentials = PhoneCredentials(
        user: "runner", password: "pw-1", encryptionKey: "key-1", device: "12345678", token: "tok-1")

    /// Runs curl (loopback only) and returns the HTTP status it saw.
    static func curl(_ arguments: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        process.arguments = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10"] + arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self)) ?? 0
    }

    @Test(
        "Traccar posts out of order come out of fixes() in time order, placed by their own timestamps",
        .timeLimit(.minutes(1)))
    func fixesInOrder() async throws {
        let clock = ManualRaceClock()
        let port = try freeTCPPort()
        let ingest = PhoneIngest(
            spec: PhoneSourceSpec(app: .traccar, host: "127.0.0.1", port: port), credentials: Self.credentials,
            logger: Logger(label: "test"))
        let source = PhoneLocationRepository(ingest: ingest, clock: clock, logger: Logger(label: "test"))
        defer { Task { await source.close() } }
        var fixes = source.fixes().makeAsyncIterator()
        // The run started a minute ago: the positions below are all after its start.
        clock.advance(by: 60)
        let url = "http://127.0.0.1:\(port)/traccar/tok-1"
        // Wait until it listens (the transport starts in the background).
        var status = 0
        for _ in 0..<50 where status != 200 {
            status = try Self.curl(["-d", "id=12345678&lat=46.05&lon=14.5&timestamp=1764583230&accuracy=3", url])
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
        #expect(try Self.curl(["-d", "id=12345678&lat=46.0501&lon=14.5&timestamp=1764583200", url]) == 200)
        #expect(try Self.curl(["-d", "id=12345678&lat=46.0502&lon=14.5&timestamp=1764583215", url]) == 200)
        var taken: [Fix] = []
        while taken.count < 3, let fix = try await fixes.next() { taken.append(fix) }
        // The freshest (second 30) arrived at clock.now: the others are 15 and 30 s before it.
        #expect(taken.map { $0.timestamp.timeIntervalSince(clock.now) } == [-30, -15, 0])
        #expect(taken.last?.horizontalAccuracy == 3)
    }

    @Test("A 10 MB body is 413 (declared or chunked), a wrong token 401, over the wire", .timeLimit(.minutes(1)))
    func refusalsOnTheWire() async throws {
        let port = try freeTCPPort()
        let ingest = PhoneIngest(
            spec: PhoneSourceSpec(app: .ownTracks, host: "127.0.0.1", port: port), credentials: Self.credentials,
            logger: Logger(label: "test"))
        let source = PhoneLocationRepository(ingest: ingest, clock: ManualRaceClock(), logger: Logger(label: "test"))
        defer { Task { await source.close() } }
        _ = try await source.started()
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).json")
        try Data(repeating: 0x20, count: 10_000_000).write(to: large)
        defer { try? FileManager.default.removeItem(at: large) }
        let url = "http://127.0.0.1:\(port)/owntracks"
        #expect(try Self.curl(["-u", "runner:pw-1", "--data-binary", "@\(large.path)", url]) == 413)
        #expect(
            try Self.curl([
                "-u", "runner:pw-1", "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(large.path)", url,
            ]) == 413)
        #expect(
            try Self.curl([
                "-u", "runner:wrong", "--data-binary", #"{"_type":"location","lat":1,"lon":2,"tst":3}"#, url,
            ]) == 401)
        #expect(ingest.statistics.refused == [.tooLarge: 2, .unauthorized: 1])
    }
}
