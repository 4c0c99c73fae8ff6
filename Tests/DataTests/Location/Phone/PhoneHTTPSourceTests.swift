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
    static func curl(_ arguments: [String]) async throws -> Int {
        let curl = ["-s", "-o", "/dev/null", "-w", "%{http_code}", "--max-time", "10"] + arguments
        return Int(try await runTool(URL(fileURLWithPath: "/usr/bin/curl"), curl).output) ?? 0
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
            status = try await Self.curl(["-d", "id=12345678&lat=46.05&lon=14.5&timestamp=1764583230&accuracy=3", url])
            if status != 200 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(status == 200)
        #expect(try await Self.curl(["-d", "id=12345678&lat=46.0501&lon=14.5&timestamp=1764583200", url]) == 200)
        #expect(try await Self.curl(["-d", "id=12345678&lat=46.0502&lon=14.5&timestamp=1764583215", url]) == 200)
        var taken: [Fix] = []
        while taken.count < 3, let fix = try await fixes.next() { taken.append(fix) }
        // The freshest (second 30) arrived at clock.now: the others are 15 and 30 s before it.
        #expect(taken.map { $0.timestamp.timeIntervalSince(clock.now) } == [-30, -15, 0])
        #expect(taken.last?.horizontalAccuracy == 3)
    }

    /// An OwnTracks HTTP source started on a free loopback port.
    static func ownTracksSource() async throws -> (port: Int, ingest: PhoneIngest, source: PhoneLocationRepository) {
        let port = try freeTCPPort()
        let ingest = PhoneIngest(
            spec: PhoneSourceSpec(app: .ownTracks, host: "127.0.0.1", port: port), credentials: Self.credentials,
            logger: Logger(label: "test"))
        let source = PhoneLocationRepository(ingest: ingest, clock: ManualRaceClock(), logger: Logger(label: "test"))
        _ = try await source.started()
        return (port, ingest, source)
    }

    @Test("A 10 MB body is 413 (declared or chunked), a wrong token 401, over the wire", .timeLimit(.minutes(1)))
    func refusalsOnTheWire() async throws {
        let (port, ingest, source) = try await Self.ownTracksSource()
        defer { Task { await source.close() } }
        let large = FileManager.default.temporaryDirectory.appendingPathComponent("large-\(UUID().uuidString).json")
        try Data(repeating: 0x20, count: 10_000_000).write(to: large)
        defer { try? FileManager.default.removeItem(at: large) }
        let url = "http://127.0.0.1:\(port)/owntracks"
        #expect(try await Self.curl(["-u", "runner:pw-1", "--data-binary", "@\(large.path)", url]) == 413)
        #expect(
            try await Self.curl([
                "-u", "runner:pw-1", "-H", "Transfer-Encoding: chunked", "--data-binary", "@\(large.path)", url,
            ]) == 413)
        #expect(
            try await Self.curl([
                "-u", "runner:wrong", "--data-binary", #"{"_type":"location","lat":1,"lon":2,"tst":3}"#, url,
            ]) == 401)
        #expect(ingest.statistics.refused == [.tooLarge: 2, .unauthorized: 1])
    }

    /// A client that sends its whole body before it reads (as a phone's HTTP stack may): it sends a head
    /// declaring 1 MiB, then the MiB, then reads; prints the status line, or the error it met.
    static let sendsAllThenReads = #"""
        import base64, socket, sys
        s = socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=10)
        auth = base64.b64encode(b"runner:pw-1").decode()
        head = "POST /owntracks HTTP/1.1\r\nHost: x\r\nAuthorization: Basic %s\r\nContent-Length: %d\r\n\r\n"
        try:
            s.sendall((head % (auth, 1 << 20)).encode())
            s.sendall(b" " * (1 << 20))
            s.shutdown(socket.SHUT_WR)
            print(s.makefile("rb").readline().decode().strip())
        except OSError as error:
            print("error: %s" % error)
        """#

    @Test(
        "A refused body still being sent: the client gets the 413, not a reset (the rest is read and dropped)",
        .timeLimit(.minutes(1)))
    func refusalReachesAClientStillSending() async throws {
        let (port, ingest, source) = try await Self.ownTracksSource()
        defer { Task { await source.close() } }
        for _ in 0..<3 {
            let python = URL(fileURLWithPath: "/usr/bin/python3")
            let run = try await runTool(python, ["-c", Self.sendsAllThenReads, "\(port)"])
            #expect(run.output.hasPrefix("HTTP/1.1 413"), "\(run.output)")
        }
        #expect(ingest.statistics.refused == [.tooLarge: 3])
    }
}
