@testable import Application
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// `materunner watch` from its options to the spectator flow (`SpectatorLaunch`): the pairing is asked
/// for only without a race key (an invited race admits a device paired with one of its runners).
@Suite("Spectator launch: pairing only without a race key")
struct SpectatorLaunchTests {
    typealias Launch = SpectatorLaunch<String, String>

    /// The parts, faked: each part asked for noted in `calls`, the transport's settings in `bound`.
    final class Parts: Sendable {
        let harness = FlowHarness()
        let side: FlowHarness.Side
        let calls = Locked<[String]>([])
        let bound = Locked<[Launch.TransportSettings]>([])
        let mates = InMemoryKnownMates()
        let raceKey: String?

        init(raceKey: String?) {
            side = harness.side("spectator", id: 0x5)
            self.raceKey = raceKey
        }

        var dependencies: Launch.Dependencies {
            let (calls, side, harness, raceKey, mates, bound) = (calls, side, harness, raceKey, mates, bound)
            let note = { @Sendable (call: String) in calls.withLock { $0.append(call) } }
            return Launch.Dependencies(
                environment: {
                    note("environment")
                    return harness.environment(side)
                },
                raceKey: {
                    note("raceKey")
                    return raceKey
                },
                pairing: {
                    note("pairing")
                    return DevicePairing(identity: "device keys", mates: mates)
                },
                bindTransport: { settings in
                    note("bind")
                    bound.withLock { $0.append(settings) }
                    return side.transport
                },
                discovery: { InMemoryMateDiscovery() }
            )
        }
    }

    @Test("without a race key: the pairing is asked for (after the race key) and handed to the transport, on any free port")
    func pairsWithoutRaceKey() async throws {
        let parts = Parts(raceKey: nil)
        _ = try await Launch(options: SpectatorOptions(name: "board"), dependencies: parts.dependencies).flow()
        #expect(parts.calls.value == ["environment", "raceKey", "pairing", "bind"])
        let settings = try #require(parts.bound.value.first)
        #expect(settings.key == nil && settings.port == 0)
        #expect(settings.pairing?.identity == "device keys" && (settings.pairing?.mates as? InMemoryKnownMates) === parts.mates)
    }

    @Test("with a race key: no pairing asked for, the transport keyed, on --port")
    func noPairingWithRaceKey() async throws {
        let parts = Parts(raceKey: "race key")
        let flow = try await Launch(
            options: SpectatorOptions(name: "board", peers: ["127.0.0.1:47474"], wait: 30, port: 47480), dependencies: parts.dependencies
        ).flow()
        #expect(parts.calls.value == ["environment", "raceKey", "bind"])
        let settings = try #require(parts.bound.value.first)
        #expect(settings.key == "race key" && settings.pairing == nil && settings.port == 47480)
        #expect(flow.me.name == "board" && flow.peers == [PeerAddress(host: "127.0.0.1", port: 47474)] && flow.wait == 30)
    }

    @Test("the options are checked as the command line says them")
    func optionsChecked() {
        #expect(throws: Never.self) { try SpectatorOptions().check() }
        #expect(throws: RunOptionsError("--wait must be a positive number of seconds")) { try SpectatorOptions(wait: 0).check() }
        #expect(throws: RunOptionsError("--speedup must be between 1 and 1000")) { try SpectatorOptions(speedup: 0.5).check() }
        #expect(throws: RunOptionsError.self) { try SpectatorOptions(name: "").check() }
    }
}
