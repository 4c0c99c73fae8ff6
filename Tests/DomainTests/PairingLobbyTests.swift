import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The lobby's pairing rules (docs/DOMAIN.md, "Pairing") over the in-memory network, the host played by
/// the test: a paired host is accepted by `--accept-from`, an unpaired one is reported and not accepted,
/// accepting with the code pairs, and the host shows each invitee's code.
@Suite("Lobby: pairing rules")
struct PairingLobbyTests {
    let clock = ManualRaceClock()
    let network = InMemoryMessageNetwork()
    let alice = Runner(id: RunnerID(rawValue: 0xA), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB), name: "bob")
    let identity = MateIdentity(signingKey: Array(repeating: 1, count: 32), agreementKey: Array(repeating: 2, count: 32), fingerprint: "0101-0202-0303-0404")
    let terms = RaceTerms(mode: .race, goal: .standard)

    func offer(at now: Date) -> InvitationOffer {
        InvitationOffer(
            id: 7, host: alice, terms: terms, invitees: [bob.id], sentAt: now, timeout: 30,
            security: InvitationSecurity(hostIdentity: identity, code: "482913")
        )
    }

    /// Bob's lobby events while alice's endpoint sends `offer` every 0.5 s for 3 s; the answers alice got.
    func joinerSees(acceptFrom: String?, mates: InMemoryKnownMates, answer: Bool? = nil) async -> ([LobbyEvent], [RaceMessage]) {
        await clock.driving(step: 0.25) {
            let settings = LobbySettings(me: bob, repeatEvery: 0.5, joinTimeout: 3)
            let lobby = JoinLobby(settings: settings, messaging: network.endpoint(for: bob.id), clock: clock, acceptFrom: acceptFrom, knownMates: mates)
            let hostEnd = network.endpoint(for: alice.id)
            let inbox = hostEnd.messages()
            let received = Task { var all: [RaceMessage] = []; for await message in inbox { all.append(message.message) }; return all }
            let sender = Task {
                for _ in 0..<6 {
                    await hostEnd.send(.invitation(offer(at: clock.now)), from: alice, to: [bob.id])
                    try? await clock.sleep(for: 0.5)
                }
            }
            var events: [LobbyEvent] = []
            do {
                for try await event in lobby.events() {
                    events.append(event)
                    if case .invitation(let shown) = event, let answer { try? await lobby.answer(shown.id, accept: answer) }
                }
            } catch {}
            await sender.value
            received.cancel()
            return (events, network.log.filter { $0.sender == bob.id }.map(\.message))
        }
    }

    @Test("--accept-from alice with alice's identity paired: shown as paired and accepted by itself")
    func pairedAccepted() async throws {
        let mates = InMemoryKnownMates([KnownMate(name: "Alice", identity: identity, pairedAt: Date(timeIntervalSince1970: 0))])
        let (events, sent) = await joinerSees(acceptFrom: "alice", mates: mates)
        let shown = events.compactMap { if case .invitation(let offer) = $0 { offer } else { nil } }
        #expect(shown.first?.security?.pairedAs == "Alice")
        #expect(sent.contains(.answer(invitation: 7, host: alice.id, accepted: true)))
    }

    @Test("--accept-from alice, alice not paired: reported, not accepted; an identity paired under another name does not count")
    func unpairedReported() async throws {
        for mates in [InMemoryKnownMates(), InMemoryKnownMates([KnownMate(name: "mallory", identity: identity, pairedAt: Date())])] {
            let (events, sent) = await joinerSees(acceptFrom: "alice", mates: mates)
            #expect(events.contains { if case .notPaired(let offer) = $0 { offer.id == 7 } else { false } })
            #expect(!sent.contains { if case .answer = $0 { true } else { false } })
        }
    }

    @Test("accepting with the code pairs the host's identity under its name; declining pairs nothing")
    func acceptingPairs() async throws {
        let mates = InMemoryKnownMates()
        _ = await joinerSees(acceptFrom: nil, mates: mates, answer: false)
        #expect(try mates.all().isEmpty)
        let again = InMemoryKnownMates()
        let (_, sent) = await joinerSees(acceptFrom: nil, mates: again, answer: true)
        #expect(sent.contains(.answer(invitation: 7, host: alice.id, accepted: true)))
        #expect(try again.all().map(\.name) == ["alice"] && again.all().first?.identity == identity)
    }
}
