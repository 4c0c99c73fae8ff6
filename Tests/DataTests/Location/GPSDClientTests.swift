import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The gpsd client against a scripted stand-in on loopback: the protocol steps, every malformed
/// input class, and reconnecting when gpsd goes away.
@Suite("GPSDLocationRepository against a scripted gpsd")
struct GPSDClientTests {
    private static func tpv(_ fields: String) -> String { #"{"class":"TPV","device":"/dev/ttyACM0",\#(fields)}"# + "\n" }

    private func collect(_ repository: GPSDLocationRepository, disconnections: Int) async throws -> [GPSDEvent] {
        try await withHangGuard("gpsd events", seconds: 30) {
            var events: [GPSDEvent] = []
            var seen = 0
            for await event in repository.events() {
                events.append(event)
                if case .disconnected = event { seen += 1 }
                if seen == disconnections { break }
            }
            return events
        }
    }

    @Test("reads VERSION, sends WATCH, turns TPV mode ≥ 2 into reports; skips and counts every bad line")
    func malformedInput() async throws {
        let script = [
            Self.tpv(#""mode":1"#),  // no fix
            Self.tpv(#""mode":3,"time":"2019-03-12T10:51:53.710Z","lat":50.840203333,"lon":4.347110000,"eph":42.75"#),
            Self.tpv(#""mode":3,"time":"2019-03-12T10:51:53.710Z","lat":50.840203333,"lon":4.347110000"#),  // repeat
            #"{"class":"TPV","mode":3,"lat":50.84"# + "\n",  // truncated JSON
            "\u{0}\u{1}\u{FF}garbage\n",
            String(repeating: "x", count: 1 << 20) + "\n",  // a 1 MiB line
            Self.tpv(#""time":"2019-03-12T10:51:54Z""#),  // TPV without mode
            Self.tpv(#""mode":2"#),  // a fix without position
            #"{"class":"SKY","satellites":[]}"# + "\n",
            Self.tpv(#""mode":2,"lat":-33.5,"lon":151.25,"speed":2.5"#),
        ].joined()
        let server = try ScriptedGPSDServer(scripts: [Data(script.utf8)])
        let repository = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port), clock: ManualRaceClock(),
            backoff: ReconnectBackoff(initial: 0, maximum: 0, attempts: 1)
        )
        let events = try await collect(repository, disconnections: 1)
        #expect(events.first == .connected(release: "3.22"))
        #expect(server.requests == [#"?WATCH={"enable":true,"json":true};"# + "\n"])
        let reports = events.compactMap { if case .report(let report) = $0 { report } else { nil } }
        #expect(reports.map(\.coordinate) == [Coordinate(latitude: 50.840203333, longitude: 4.34711), Coordinate(latitude: -33.5, longitude: 151.25)])
        #expect(reports.first?.horizontalError == 42.75 && reports.first?.mode == 3 && reports.last?.speed == 2.5)
        #expect(reports.first?.time == GPSDReference.parseTime("2019-03-12T10:51:53.710Z"))
        let statistics = repository.statistics
        #expect(statistics.fixes == 2)
        #expect(statistics.skipped == [.noFix: 1, .duplicate: 1, .malformed: 3, .oversized: 1, .noPosition: 1])
    }

    @Test("when gpsd restarts the client reconnects and goes on; with no attempt left fixes() throws the fix")
    func reconnects() async throws {
        let first = Self.tpv(#""mode":2,"lat":46.0,"lon":14.5"#)
        let second = Self.tpv(#""mode":2,"lat":46.001,"lon":14.5"#)
        let server = try ScriptedGPSDServer(scripts: [Data(first.utf8), Data(second.utf8)])
        let repository = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port), clock: SystemRaceClock(speedup: 100),
            backoff: ReconnectBackoff(initial: 0.5, maximum: 1, attempts: 2)
        )
        let fixes = Received()
        let error = await #expect(throws: GPSDError.self) {
            try await withHangGuard("fixes until giving up", seconds: 30) {
                for try await fix in repository.fixes() { fixes.append(fix) }
            }
        }
        #expect(fixes.fixes.map(\.coordinate.latitude) == [46.0, 46.001])
        #expect(server.requests.count == 2)
        #expect(error?.description.contains("start gpsd") == true)
    }

    @Test("endpoints parse HOST:PORT and [IPv6]:PORT; the default is localhost:2947")
    func endpoints() {
        #expect(GPSDEndpoint.parse("") == .standard)
        #expect(GPSDEndpoint.parse("10.0.0.2:3000") == GPSDEndpoint(host: "10.0.0.2", port: 3000))
        #expect(GPSDEndpoint.parse("[::1]:2947") == GPSDEndpoint(host: "::1", port: 2947))
        #expect(GPSDEndpoint.parse("host") == nil)
        #expect(GPSDEndpoint.parse("host:0") == nil)
        #expect(ReconnectBackoff.standard.delay(afterFailures: 1) == 0.5)
        #expect(ReconnectBackoff.standard.delay(afterFailures: 10) == 8)
        #expect(ReconnectBackoff(initial: 1, maximum: 4, attempts: 3).delay(afterFailures: 3) == nil)
    }
    @Test("the source's state follows gpsd: no receiver, a receiver without a fix, a 3D fix with its accuracy, gpsd gone")
    func statuses() async throws {
        let script = [
            #"{"class":"DEVICES","devices":[]}"# + "\n",
            #"{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2019-03-12T10:51:50.000Z"}"# + "\n",
            Self.tpv(#""mode":1"#),
            Self.tpv(#""mode":3,"lat":50.84,"lon":4.34,"eph":4.2"#),
        ].joined()
        let server = try ScriptedGPSDServer(scripts: [Data(script.utf8)])
        let repository = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port), clock: ManualRaceClock(),
            backoff: ReconnectBackoff(initial: 0, maximum: 0, attempts: 1)
        )
        let statuses = repository.statuses()
        _ = try await collect(repository, disconnections: 1)
        let seen = try await withHangGuard("gpsd statuses", seconds: 30) {
            var seen: [PositionStatus] = []
            for await status in statuses {
                seen.append(status)
                if status.state == .ended { break }
            }
            return seen
        }
        #expect(seen.map(\.state) == [.connecting, .noFix, .noReceiver, .noFix, .fix3D, .ended])
        // A failed expectation above must not crash the whole run on an index.
        try #require(seen.count == 6)
        #expect(seen[4].accuracyMetres == 4.2 && seen[4].summary == "GPS 3D fix ±4 m")
        #expect(seen[2].summary == "GPS: no receiver" && seen[3].summary == "GPS: no fix yet")

        // Nobody listening: gpsd not reachable, while retrying.
        let closed = try freeTCPPort()
        let unreachable = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: closed), clock: SystemRaceClock(speedup: 1),
            backoff: ReconnectBackoff(initial: 30, maximum: 30, attempts: 5)
        )
        let states = unreachable.statuses()
        let events = Task { for await event in unreachable.events() { if case .disconnected = event { break } } }
        let reached: PositionStatus? = try await withHangGuard("gpsd unreachable", seconds: 30) {
            for await status in states where status.state == .noDaemon { return status }
            return PositionStatus?.none
        }
        events.cancel()
        #expect(reached?.summary == "GPS: gpsd not reachable")
    }

    @Test("gpsd unreachable: one clear warning with the system's reason, then quiet retries; no SwiftNIO dump")
    func unreachableSaysItOnce() async throws {
        let closed = try freeTCPPort()
        let log = CapturedLines()
        let repository = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: closed), clock: SystemRaceClock(speedup: 1),
            logger: CapturingLogHandler.logger("test.gpsd", into: log), backoff: ReconnectBackoff(initial: 0.05, maximum: 0.05, attempts: 4)
        )
        let disconnects: Int = try await withHangGuard("four failed connections", seconds: 30) {
            var count = 0
            for await event in repository.events() { if case .disconnected = event { count += 1 } }
            return count
        }
        #expect(disconnects == 4)
        let warnings = log.lines.filter { $0.hasPrefix("warning ") }
        #expect(warnings.count == 1, "\(log.lines)")
        #expect(warnings.first?.contains("cannot reach gpsd (connection refused) at 127.0.0.1:\(closed)") == true, "\(warnings)")
        #expect(log.lines.filter { $0.hasPrefix("debug ") && $0.contains("reconnecting in") }.count == 2, "\(log.lines)")
        #expect(!log.lines.contains { $0.contains("SingleConnectionFailure") || $0.contains("NIOConnectionError") }, "\(log.lines)")
    }
}
