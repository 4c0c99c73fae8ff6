import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// The lobby use cases over the in-memory message network, on a manual race clock that a driver moves
/// by 0.25 s whenever a lobby sleeps, after letting every message in flight be handled: time passes
/// only when the lobbies wait, however loaded the machine is, and nothing waits on the wall clock
/// (the driver is parked on the clock while nobody sleeps; the tests' own senders sleep on the clock).
@Suite("Lobby: invite, answer, start")
struct LobbyTests {
    let clock = ManualRaceClock()
    let network = InMemoryMessageNetwork()
    let alice = Runner(id: RunnerID(rawValue: 0xA), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB), name: "bob")
    let carol = Runner(id: RunnerID(rawValue: 0xC), name: "carol")
    let terms = RaceTerms(mode: .race, goal: .standard)

    func settings(_ me: Runner) -> LobbySettings {
        LobbySettings(me: me, repeatEvery: 0.5, countdown: 3, lookupTimeout: 10, joinTimeout: 600, startGrace: 20)
    }

    /// Runs `body` while a driver moves the clock by 0.25 s whenever a task sleeps on it.
    func driven<T: Sendable>(_ body: () async throws -> T) async rethrows -> T {
        try await clock.driving(step: 0.25, body)
    }

    func host() -> HostLobby {
        HostLobby(settings: settings(alice), messaging: network.endpoint(for: alice.id), clock: clock)
    }

    func joiner(_ runner: Runner, acceptFrom: String? = nil) -> JoinLobby {
        JoinLobby(settings: settings(runner), messaging: network.endpoint(for: runner.id), clock: clock, acceptFrom: acceptFrom)
    }

    /// Every event of a stream, and the error it ended with.
    func collect(_ stream: AsyncThrowingStream<LobbyEvent, any Error>) async -> (events: [LobbyEvent], error: (any Error)?) {
        var events: [LobbyEvent] = []
        do {
            for try await event in stream { events.append(event) }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    static func start(_ events: [LobbyEvent]) -> RaceStart? {
        events.lazy.compactMap { if case .starting(let start) = $0 { start } else { nil } }.first
    }

    @Test("invite -> accept (automatic for the named host): both agree on runners, terms and start")
    func acceptAndStart() async throws {
        try await driven {
            let bobLobby = joiner(bob, acceptFrom: "ALICE")
            let bobEvents = Task { await collect(bobLobby.join()) }
            let (hostEvents, hostError) = await collect(host().invite(["bob"], terms: terms, timeout: 600))
            let (joinEvents, joinError) = await bobEvents.value
            #expect(hostError == nil && joinError == nil)
            let hostStart = try #require(Self.start(hostEvents))
            let joinStart = try #require(Self.start(joinEvents))
            #expect(hostStart.runners == [alice.id, bob.id] && joinStart.runners == hostStart.runners)
            #expect(joinStart.terms == terms && joinStart.host == alice)
            // Both count down to the same instant (one shared clock here): within the in-memory latency.
            #expect(abs(joinStart.startsAt.timeIntervalSince(hostStart.startsAt)) < 0.5)
            #expect(hostEvents.contains(.answered(bob, accepted: true)))
            #expect(joinEvents.contains { if case .invitation(let offer) = $0 { offer.host == alice } else { false } })
        }
    }

    @Test("a course invitation: the joiner is shown the course's listing, and both starts carry the host's course terms and listing")
    func courseTravels() async throws {
        let course = CourseTerms(digest: "0123456789abcdef", name: "lake.gpx", lengthCentimetres: 191_240, laps: 2)
        let listing = CourseListing(title: "Lake loop", totalCentimetres: 382_480, pointCount: 173)
        let courseTerms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 382_480), course: course)
        try await driven {
            let bobLobby = joiner(bob, acceptFrom: "alice")
            let bobEvents = Task { await collect(bobLobby.join()) }
            let (hostEvents, hostError) = await collect(host().invite(["bob"], terms: courseTerms, timeout: 600, course: listing))
            let (joinEvents, joinError) = await bobEvents.value
            #expect(hostError == nil && joinError == nil)
            let shown = joinEvents.compactMap { if case .invitation(let offer) = $0 { offer } else { nil } }.first
            #expect(shown?.course == listing && shown?.terms.course == course && shown?.terms.course?.name == "lake.gpx")
            for start in [try #require(Self.start(hostEvents)), try #require(Self.start(joinEvents))] {
                #expect(start.terms == courseTerms && start.course == listing)
            }
        }
        // Without a course in the terms, a listing is not sent.
        try await driven {
            let bobLobby = joiner(bob, acceptFrom: "alice")
            let bobEvents = Task { await collect(bobLobby.join()) }
            _ = await collect(host().invite(["bob"], terms: terms, timeout: 600, course: listing))
            let (joinEvents, _) = await bobEvents.value
            let start = try #require(Self.start(joinEvents))
            #expect(start.course == nil)
        }
    }

    @Test("invite -> decline: the host ends without a run, the joiner closes the invitation and waits on")
    func decline() async throws {
        await driven {
            let bobLobby = JoinLobby(
                settings: LobbySettings(me: bob, repeatEvery: 0.5, lookupTimeout: 10, joinTimeout: 60), messaging: network.endpoint(for: bob.id),
                clock: clock
            )
            let joinStream = bobLobby.join()
            let answering = Task {
                var events: [LobbyEvent] = []
                do {
                    for try await event in joinStream {
                        events.append(event)
                        if case .invitation(let offer) = event { try await bobLobby.answer(offer.id, accept: false) }
                    }
                } catch {
                    return (events, error as? LobbyError)
                }
                return (events, nil)
            }
            let (hostEvents, hostError) = await collect(host().invite(["bob"], terms: terms, timeout: 600))
            #expect(hostError as? LobbyError == .declined(["bob"]))
            #expect(hostEvents.contains(.answered(bob, accepted: false)))
            let (joinEvents, joinError) = await answering.value
            #expect(joinError == .noInvitation(waited: 60))
            #expect(joinEvents.contains { if case .closed(_, .declined) = $0 { true } else { false } })
        }
    }

    @Test("nobody answers: the host times out, the joiner hears it; an accept after that is refused locally")
    func timeout() async throws {
        try await driven {
            let bobLobby = joiner(bob)
            let joinStream = bobLobby.join()
            let offers = Task {
                var events: [LobbyEvent] = []
                while let event = try? await joinStream.first(where: { _ in true }) {
                    events.append(event)
                    if case .closed = event { break }
                }
                return events
            }
            let (_, hostError) = await collect(host().invite(["bob"], terms: terms, timeout: 10))
            #expect(hostError as? LobbyError == .noAnswer(["bob"], timeout: 10))
            let offer = try #require(network.log.lazy.compactMap { if case .invitation(let offer) = $0.message { offer } else { nil } }.first)
            await #expect(throws: InvitationError.timedOut) { try await bobLobby.answer(offer.id, accept: true) }
            offers.cancel()
        }
    }

    @Test("an answer that reaches the host after the timeout is refused by the host, and the joiner is told")
    func lateAnswerRefusedByHost() async throws {
        try await driven {
            // Bob accepts in time; Carol (played by the test) says she is present but answers only once the
            // host has closed the invitation at its timeout.
            let bobLobby = joiner(bob, acceptFrom: "alice")
            let bobJoined = Task { await collect(bobLobby.join()) }
            let carolEndpoint = network.endpoint(for: carol.id)
            let carolInbox = carolEndpoint.messages()
            let carol = self.carol
            let clock = self.clock
            let present = Task {
                while !Task.isCancelled {
                    await carolEndpoint.send(.presence(carol, .free), from: carol, to: nil)
                    try? await clock.sleep(for: 0.25)
                }
            }
            defer { present.cancel() }
            var hostEvents: [LobbyEvent] = []
            for try await event in host().invite(["bob", "carol"], terms: terms, timeout: 100) {
                hostEvents.append(event)
                guard case .starting = event else { continue }
                let offer = try #require(network.log.lazy.compactMap { if case .invitation(let offer) = $0.message { offer } else { nil } }.first)
                #expect(clock.now >= offer.expiresAt)
                await carolEndpoint.send(.answer(invitation: offer.id, host: alice.id, accepted: true), from: carol, to: [alice.id])
            }
            #expect(Self.start(hostEvents)?.runners == [alice.id, bob.id])
            #expect(hostEvents.contains(.refusedLateAnswer(carol)))
            var told: InvitationOutcome?
            for await received in carolInbox {
                if case .outcome(_, let outcome) = received.message, outcome != .timedOut {
                    told = outcome
                    break
                }
            }
            #expect(told == .refused)
            #expect(Self.start(await bobJoined.value.events)?.runners == [alice.id, bob.id])
        }
    }

    @Test("the host cancels: the invitee is told, and its accept is then refused as cancelled")
    func hostCancels() async throws {
        try await driven {
            let bobLobby = joiner(bob)
            let joinStream = bobLobby.join()
            let hostLobby = host()
            let hostStream = hostLobby.invite(["bob"], terms: terms, timeout: 600)
            let hosting = Task { await collect(hostStream) }
            var offer: InvitationOffer?
            var closed: InvitationOutcome?
            for try await event in joinStream {
                if case .invitation(let received) = event {
                    offer = received
                    await hostLobby.cancel()
                }
                if case .closed(_, let outcome) = event {
                    closed = outcome
                    break
                }
            }
            #expect(closed == .cancelled)
            #expect(await hosting.value.error as? LobbyError == .cancelled)
            let id = try #require(offer?.id)
            await #expect(throws: InvitationError.cancelled) { try await bobLobby.answer(id, accept: true) }
        }
    }

    @Test("the host finds nobody by that name, finds a busy runner, or two runners with one name")
    func lookupErrors() async throws {
        try await driven {
            let quick = LobbySettings(me: alice, repeatEvery: 0.5, lookupTimeout: 3)
            let lobby = HostLobby(settings: quick, messaging: network.endpoint(for: alice.id), clock: clock)
            let (_, notFound) = await collect(lobby.invite(["zoe"], terms: terms, timeout: 10))
            #expect(notFound as? LobbyError == .notFound("zoe", seen: [], waited: 3))
            #expect("\(notFound!)".contains("materunner run --join"))

            let busyNetwork = InMemoryMessageNetwork()
            let busyLobby = HostLobby(settings: quick, messaging: busyNetwork.endpoint(for: alice.id), clock: clock)
            let stream = busyLobby.invite(["bob"], terms: terms, timeout: 10)
            let clock = self.clock
            let announcer = Task {
                for _ in 0..<50 where !Task.isCancelled {
                    await busyNetwork.endpoint(for: bob.id).send(.presence(bob, .running), from: bob, to: nil)
                    await busyNetwork.endpoint(for: carol.id).send(.presence(Runner(id: carol.id, name: "Bob"), .free), from: carol, to: nil)
                    try? await clock.sleep(for: 0.25)
                }
            }
            let (_, error) = await collect(stream)
            announcer.cancel()
            let lobbyError = try #require(error as? LobbyError)
            #expect(lobbyError == .ambiguous("bob", count: 2) || lobbyError == .busy("bob", .running), "\(lobbyError)")
        }
    }

    @Test("cheers: to everyone and to one mate, with the sender's name; never to oneself")
    func cheers() async throws {
        try await driven {
            let aliceCheers = RaceCheers(me: alice, messaging: network.endpoint(for: alice.id), clock: clock)
            let bobCheers = RaceCheers(me: bob, messaging: network.endpoint(for: bob.id), clock: clock)
            let received = bobCheers.received()
            await network.endpoint(for: alice.id).send(.presence(alice, .running), from: alice, to: nil)
            try await aliceCheers.send(.clap, to: nil)
            try await aliceCheers.send(.fire, to: bob.id)
            await #expect(throws: CheerError.toSelf) { try await aliceCheers.send(.heart, to: alice.id) }
            var iterator = received.makeAsyncIterator()
            let first = await iterator.next()
            let second = await iterator.next()
            #expect(first?.sender == alice && first?.recipient == nil && first?.emoji == .clap)
            #expect(second?.recipient == bob && second?.emoji == .fire)
        }
    }
}
