import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The host's side of the pairing rules over the in-memory network, the invitee
/// played by the test: an invitee under a paired name is admitted only as the identity paired with that
/// name; an unpaired one only once the host's person confirmed its code; a mismatch or no confirmation
/// does not admit.
@Suite("Lobby: the host checks who answers")
struct HostCodeCheckTests {
    let clock = ManualRaceClock()
    let network = InMemoryMessageNetwork()
    let alice = Runner(id: RunnerID(rawValue: 0xA), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB), name: "bob")
    let paired = MateIdentity(signingKey: Array(repeating: 1, count: 32), agreementKey: Array(repeating: 2, count: 32), fingerprint: "0101-0202-0303-0404")
    let stranger = MateIdentity(signingKey: Array(repeating: 3, count: 32), agreementKey: Array(repeating: 4, count: 32), fingerprint: "0303-0404-0505-0606")
    let terms = RaceTerms(mode: .race, goal: .standard)

    /// Alice's lobby events (and the error it ended with) inviting "bob", played by the test: present,
    /// then, once invited, its pairing code with `identity` and an accept, every 0.5 s. `confirm` is
    /// what alice's person says when shown a code to confirm (nil: nothing).
    func hostSees(mates: InMemoryKnownMates, identity: MateIdentity, confirm: Bool?, codeAfter: Int = 0) async -> ([LobbyEvent], (any Error)?) {
        await clock.driving(step: 0.25) {
            let settings = LobbySettings(me: alice, repeatEvery: 0.5, countdown: 3, lookupTimeout: 10, joinTimeout: 60, startGrace: 1)
            let host = HostLobby(settings: settings, messaging: network.endpoint(for: alice.id), clock: clock, knownMates: mates)
            let bobEnd = network.endpoint(for: bob.id)
            let (bob, alice, clock, network) = (self.bob, self.alice, self.clock, self.network)
            let player = Task {
                var invited = 0
                for _ in 0..<200 where !Task.isCancelled {
                    await bobEnd.send(.presence(bob, .free), from: bob, to: nil)
                    if let offer = network.log.lazy.compactMap({ if case .invitation(let offer) = $0.message { offer } else { nil } }).first {
                        invited += 1
                        if invited > codeAfter {
                            await bobEnd.send(.pairingCode(invitation: offer.id, identity: identity, code: "482913"), from: bob, to: [alice.id])
                        }
                        await bobEnd.send(.answer(invitation: offer.id, host: alice.id, accepted: true), from: bob, to: [alice.id])
                    }
                    try? await clock.sleep(for: 0.5)
                }
            }
            defer { player.cancel() }
            var events: [LobbyEvent] = []
            do {
                for try await event in host.invite(["bob"], terms: terms, timeout: 10) {
                    events.append(event)
                    if case .confirmCode = event, let confirm, case .invited(let offer, _)? = events.first {
                        try? await host.confirmCode(invitation: offer.id, matches: confirm)
                    }
                }
                return (events, nil)
            } catch {
                return (events, error)
            }
        }
    }

    var bobToldDeclined: Bool {
        network.log.contains { if $0.sender == alice.id, case .outcome(_, .declined) = $0.message { true } else { false } }
    }

    /// Where in `events` bob's code was shown to confirm, and where alice's person answered it.
    func confirmation(_ events: [LobbyEvent]) -> (shown: Int?, answered: Int?, matches: Bool?) {
        let shown = events.firstIndex { if case .confirmCode(_, bob, "482913") = $0 { true } else { false } }
        let answered = events.firstIndex { if case .codeConfirmed(_, bob, _) = $0 { true } else { false } }
        let matches = answered.flatMap { if case .codeConfirmed(_, _, let matches) = events[$0] { matches } else { nil } }
        return (shown, answered, matches)
    }

    static func started(_ events: [LobbyEvent]) -> Bool {
        events.contains { if case .starting = $0 { true } else { false } }
    }

    @Test("bob answering with the identity paired as bob: shown as paired (no code) and admitted")
    func pairedAdmitted() async {
        let mates = InMemoryKnownMates([KnownMate(name: "Bob", identity: paired, pairedAt: Date(timeIntervalSince1970: 0))])
        let (events, error) = await hostSees(mates: mates, identity: paired, confirm: nil)
        #expect(error == nil)
        #expect(events.contains(.pairedInvitee(bob)))
        #expect(events.contains(.answered(bob, accepted: true)) && Self.started(events))
    }

    @Test("bob's accept heard before his code: held until the code shows the paired identity, then admitted")
    func acceptBeforeCodeHeld() async {
        let mates = InMemoryKnownMates([KnownMate(name: "bob", identity: paired, pairedAt: Date(timeIntervalSince1970: 0))])
        let (events, error) = await hostSees(mates: mates, identity: paired, confirm: nil, codeAfter: 4)
        #expect(error == nil)
        let (shownPaired, answered) = (events.firstIndex(of: .pairedInvitee(bob)), events.firstIndex(of: .answered(bob, accepted: true)))
        #expect(shownPaired != nil && answered != nil && shownPaired! < answered!)
    }

    @Test("someone answering as bob with another identity than the paired bob's: refused, told declined, never started")
    func impostorRefused() async {
        let mates = InMemoryKnownMates([KnownMate(name: "bob", identity: paired, pairedAt: Date(timeIntervalSince1970: 0))])
        let (events, error) = await hostSees(mates: mates, identity: stranger, confirm: true)
        #expect(events.contains(.impostor(bob)))
        #expect(!events.contains(.answered(bob, accepted: true)) && !Self.started(events))
        #expect(confirmation(events).shown == nil)
        #expect(bobToldDeclined)
        #expect(error as? LobbyError == .notAdmitted(["bob"]))
    }

    @Test("an identity paired under another name is not bob: its code is confirmed like an unpaired one's")
    func pairedUnderAnotherName() async {
        let mates = InMemoryKnownMates([KnownMate(name: "carol", identity: stranger, pairedAt: Date(timeIntervalSince1970: 0))])
        let (events, _) = await hostSees(mates: mates, identity: stranger, confirm: nil)
        #expect(confirmation(events).shown != nil)
        #expect(!Self.started(events))
    }

    @Test("unpaired bob: its accept is held until alice's person confirms the code, then admitted and paired as bob")
    func unpairedAdmittedAfterConfirmation() async throws {
        let mates = InMemoryKnownMates()
        let (events, error) = await hostSees(mates: mates, identity: stranger, confirm: true)
        #expect(try mates.all().map(\.name) == ["bob"] && mates.all().first?.identity == stranger)
        #expect(error == nil)
        let (shown, confirmed, matches) = confirmation(events)
        let answered = events.firstIndex(of: .answered(bob, accepted: true))
        #expect(shown != nil && matches == true)
        #expect(confirmed != nil && answered != nil && confirmed! < answered!)
        #expect(Self.started(events))
    }

    @Test("unpaired bob, alice's person says the code does not match: not admitted, bob told declined")
    func unpairedMismatchRefused() async throws {
        let mates = InMemoryKnownMates()
        let (events, error) = await hostSees(mates: mates, identity: stranger, confirm: false)
        #expect(try mates.all().isEmpty)
        #expect(confirmation(events).matches == false)
        #expect(!events.contains(.answered(bob, accepted: true)) && !Self.started(events))
        #expect(bobToldDeclined)
        #expect(error as? LobbyError == .notAdmitted(["bob"]))
    }

    @Test("unpaired bob, nobody confirms: its accept never counts and the invitation times out")
    func unpairedUnconfirmedTimesOut() async {
        let (events, error) = await hostSees(mates: InMemoryKnownMates(), identity: stranger, confirm: nil)
        #expect(!events.contains(.answered(bob, accepted: true)) && !Self.started(events))
        if case .noAnswer? = error as? LobbyError {} else { Issue.record("expected no answer, got \(String(describing: error))") }
    }
}
