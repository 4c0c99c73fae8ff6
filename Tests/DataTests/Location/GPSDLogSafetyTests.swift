import Data
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// What gpsd sends is quoted in the log: a hostile or broken gpsd's escape sequences (a release, a
/// device path) arrive there escaped, never raw (docs/SOURCES.md; `LogSafe`).
@Suite("gpsd client: escape sequences never reach the log raw")
struct GPSDLogSafetyTests {
    @Test("a VERSION release and a DEVICE path with ESC, BEL, CSI and a newline are logged escaped")
    func hostileStrings() async throws {
        let hostileVersion = #"{"class":"VERSION","release":"3.25\u001b]0;pwned\u0007\u009b2J\nFAKE LINE","proto_major":3,"proto_minor":14}"# + "\n"
        let hostileDevice = #"{"class":"DEVICE","path":"/dev/tty\u001b[31mred","activated":0}"# + "\n"
        let server = try ScriptedGPSDServer(scripts: [Data((hostileVersion + hostileDevice).utf8)])
        let captured = CapturedLines()
        let logger = CapturingLogHandler.logger("test.gpsd", into: captured, levels: false)
        let repository = GPSDLocationRepository(
            endpoint: GPSDEndpoint(host: "127.0.0.1", port: server.port), clock: ManualRaceClock(), logger: logger,
            backoff: ReconnectBackoff(initial: 0, maximum: 0, attempts: 1)
        )
        try await withHangGuard("gpsd events", seconds: 30) {
            for await event in repository.events() { if case .disconnected = event { break } }
        }
        let log = captured.lines
        #expect(log.contains { $0.contains(#"connected to gpsd 3.25\e]0;pwned\u{7}\u{9B}2J\nFAKE LINE at"#) }, "\(log)")
        #expect(log.contains { $0.contains(#"lost its receiver /dev/tty\e[31mred"#) }, "\(log)")
        for message in log {
            #expect(!message.unicodeScalars.contains(where: LogSafe.needsEscape), "raw control character in \(message.debugDescription)")
        }
    }
}
