import Data
import Domain
import Foundation
import Testing

/// Discovery with no DNS-SD daemon: this machine's own network namespace runs no avahi-daemon (and
/// tests never start one there), so every call must fail at once with a clear hint, never hang.
@Suite(
    "DNSSDDiscoveryRepository without a daemon",
    .enabled(if: !FileManager.default.fileExists(atPath: "/run/avahi-daemon/socket"), "an avahi-daemon is running here")
)
struct DNSSDDiscoveryTests {
    @Test("register throws daemonUnavailable, saying avahi-daemon is not running and to use --peer")
    func registerWithoutDaemon() {
        let discovery = DNSSDDiscoveryRepository()
        defer { discovery.stop() }
        let error = #expect(throws: DiscoveryError.self) {
            try discovery.register(name: "ana-0123ab", port: 47474, txt: ["v": "1", "id": "0123456789abcdef", "name": "ana"])
        }
        guard case .daemonUnavailable? = error else {
            Issue.record("expected daemonUnavailable (not a time-out or another failure), got \(String(describing: error))")
            return
        }
        let description = error?.description ?? ""
        #expect(description.contains("avahi-daemon is not running") && description.contains("systemctl start avahi-daemon"))
        // --peer is advised by the commands that have it (run, watch), not here: peers has none.
        #expect(!description.contains("--peer"))
    }

    @Test("browse throws daemonUnavailable too")
    func browseWithoutDaemon() {
        let discovery = DNSSDDiscoveryRepository()
        defer { discovery.stop() }
        let error = #expect(throws: DiscoveryError.self) { _ = try discovery.browse() }
        guard case .daemonUnavailable? = error else {
            Issue.record("expected daemonUnavailable, got \(String(describing: error))")
            return
        }
    }

    @Test("a repository can be made and stopped repeatedly, and tried again after a failure")
    func repeated() {
        for _ in 0..<3 {
            let discovery = DNSSDDiscoveryRepository()
            #expect(throws: DiscoveryError.self) { try discovery.register(name: "x", port: 1, txt: [:]) }
            #expect(throws: DiscoveryError.self) { try discovery.register(name: "y", port: 2, txt: [:]) }
            discovery.stop()
        }
    }

    @Test("every discovery error says what to check on the daemon, and is a service unavailable (exit 69)")
    func messages() {
        #expect(DiscoveryError.daemonUnavailable(code: -65537).description.contains("-65537"))
        #expect(DiscoveryError.callFailed(call: "browse", code: -65544).description.contains("systemctl status avahi-daemon"))
        #expect(DiscoveryError.timedOut(call: "register").description.contains("systemctl status avahi-daemon"))
        #expect(DiscoveryError.timedOut(call: "register").fault == .unavailable)
        #expect(DNSSDDiscoveryRepository.serviceType == "_materunner._udp")
    }
}
