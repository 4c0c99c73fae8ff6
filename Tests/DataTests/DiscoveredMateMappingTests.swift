@testable import Data
import Domain
import Testing

/// What DNS-SD resolves, as the Domain's mate discovery sees it.
@Suite("DiscoveredMate to the Domain")
struct DiscoveredMateMappingTests {
    @Test("one of ours: id, name, address, state, race and version from the TXT record")
    func ours() {
        let mate = DiscoveredMate(
            instanceName: "bob-00000b", hostName: "bob.local.", address: "10.250.0.2", port: 47474,
            txt: ["v": "2", "id": "000000000000000b", "name": "bob", "state": "running", "race": "r1"]
        )
        #expect(mate.toDomain() == DiscoveredRunner(
            instance: "bob-00000b", runnerID: RunnerID(rawValue: 0xB), name: "bob", hostName: "bob.local.",
            address: PeerAddress(host: "10.250.0.2", port: 47474), state: .running, raceID: "r1", version: 2
        ))
    }

    @Test("a foreign or broken TXT record: no id, no state, the instance as the name")
    func foreign() {
        let mate = DiscoveredMate(
            instanceName: "printer", hostName: "p.local.", address: "10.250.0.9", port: 631, txt: ["id": "zz", "state": "busy"]
        )
        let runner = mate.toDomain()
        #expect(runner.runnerID == nil && runner.state == nil && runner.version == nil && runner.name == "printer")
        #expect(DiscoveryEvent.lost(instanceName: "printer").toDomain() == .lost(instance: "printer"))
        #expect(DiscoveryEvent.found(mate).toDomain() == .found(runner))
    }
}
