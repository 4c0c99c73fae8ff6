import Domain
import SyncWire
import Testing

@testable import SyncCore

/// Spectators (`Spectators`), alone, on a spectator's side: the watch request starts with the first
/// presence saying "watching" of a spectator with an identity and paired mates, and stops once an open
/// race is heard; a peer without a gate admits nothing under a spectator key and retags nothing.
@Suite("Spectators")
struct SpectatorsTests {
    static let me = Runner(id: RunnerID(rawValue: 0x5EE), name: "carol")
    static let address = PeerAddress(host: "10.0.0.3", port: 50000)

    @Test("a spectator's request: a watching presence, paired mates, no race key; none once an open race is heard")
    func requestsUntilAnOpenRaceIsHeard() throws {
        let keys = DeviceKeys.generate()
        var spectators = Spectators(capacity: 4)
        let watching = RaceMessage.presence(Self.me, .watching)
        let notSpectator = spectators.request(for: watching, from: Self.me, keyed: false, keys: keys)
        #expect(notSpectator == nil, "not a spectator: no mates given")
        spectators.mates = [DeviceKeys.generate().identity]
        let free = spectators.request(for: .presence(Self.me, .free), from: Self.me, keyed: false, keys: keys)
        #expect(free == nil)
        let keyed = spectators.request(for: watching, from: Self.me, keyed: true, keys: keys)
        #expect(keyed == nil, "a spectator holding a race key needs no grant")
        let requested = spectators.request(for: watching, from: Self.me, keyed: false, keys: keys)
        let first = try #require(requested)
        #expect(first.isValid(spectator: Self.me.id))
        let again = spectators.request(for: watching, from: Self.me, keyed: false, keys: keys)
        #expect(again == first, "the same request with every presence")
        spectators.heardProgress(keyed: true)
        let afterKeyed = spectators.request(for: watching, from: Self.me, keyed: false, keys: keys)
        #expect(afterKeyed != nil)
        spectators.heardProgress(keyed: false)
        let afterOpen = spectators.request(for: watching, from: Self.me, keyed: false, keys: keys)
        #expect(afterOpen == nil, "an open race heard: no grant needed")
        #expect(!spectators.isRefused && !spectators.isGranted)
    }

    @Test("a refusal counts only when it is for us, and is bounded")
    func refusals() {
        var spectators = Spectators(capacity: 2)
        spectators.mates = [DeviceKeys.generate().identity]
        _ = spectators.request(
            for: .presence(Self.me, .watching), from: Self.me, keyed: false, keys: DeviceKeys.generate())
        let notOurs = spectators.refused(RunnerID(rawValue: 1), by: RunnerID(rawValue: 0xA1), me: Self.me.id)
        #expect(!notOurs && !spectators.isRefused)
        for runner in 0xA1...0xA4 {
            let ours = spectators.refused(Self.me.id, by: RunnerID(rawValue: UInt64(runner)), me: Self.me.id)
            #expect(ours)
        }
        #expect(spectators.isRefused && spectators.watching?.refusedBy.count == 2)
    }

    @Test(
        "without a gate (not a runner of an invited race): nothing is admitted under a spectator key, nothing retagged")
    func noGate() throws {
        var spectators = Spectators(capacity: 4)
        let presence = SyncDatagram(
            sender: Self.me.id, sequence: 1, message: .presence(name: "carol", availability: .watching))
        let rule = try #require(MessageRule.rule(for: presence.message))
        #expect(throws: PeerRefusal.spectatorForbidden) {
            try spectators.admit(presence, rule: rule, from: Self.address, runner: false, runnerAddress: false)
        }
        #expect(spectators.key == nil)
        let out = [OutgoingDatagram([1, 2, 3], to: Self.address)]
        #expect(spectators.retag(out).map(\.bytes) == [[1, 2, 3]] && spectators.retag(replies: [[4]]) == [[4]])
    }
}
