import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Cheers whose sender is not named yet: a cheer at the start of a race often overtakes the hello that
/// names its sender (seen over real mDNS: alice's first cheer never reached bob's screen).
@Suite("Cheers: held until the sender is named", .timeLimit(.minutes(1)))
struct RaceCheersTests {
    let clock = ManualRaceClock()
    let network = InMemoryMessageNetwork()
    let alice = Runner(id: RunnerID(rawValue: 0xA), name: "alice")
    let bob = Runner(id: RunnerID(rawValue: 0xB), name: "bob")
    let carol = Runner(id: RunnerID(rawValue: 0xC), name: "carol")

    func cheers(_ runner: Runner) -> RaceCheers {
        RaceCheers(me: runner, messaging: network.endpoint(for: runner.id), clock: clock)
    }

    /// Carol, named, cheers: once bob's stream shows it, everything sent before it was handled.
    func barrier(_ iterator: inout AsyncStream<ReceivedCheer>.Iterator, emoji: CheerEmoji = .flexedBiceps) async throws {
        await network.endpoint(for: carol.id).send(.presence(carol, .running), from: carol, to: nil)
        try await cheers(carol).send(emoji, to: nil)
        let next = await iterator.next(isolation: #isolation)
        #expect(next?.sender == carol && next?.emoji == emoji, "\(String(describing: next))")
    }

    @Test("a cheer from a runner not named yet is shown, with its name, once the board names it")
    func heldUntilNamed() async throws {
        let bobCheers = cheers(bob)
        var iterator = bobCheers.received().makeAsyncIterator()
        try await cheers(alice).send(.clap, to: bob.id)
        try await barrier(&iterator)
        await bobCheers.learn(alice)
        let shown = await iterator.next()
        #expect(shown?.sender == alice && shown?.recipient == bob && shown?.emoji == .clap, "\(String(describing: shown))")
        // Named now: the next one is shown at once.
        try await cheers(alice).send(.fire, to: nil)
        let next = await iterator.next()
        #expect(next?.sender == alice && next?.emoji == .fire && next?.recipient == nil)
    }

    @Test("a held cheer is shown when the sender's presence (or hello) names it")
    func namedByPresence() async throws {
        var iterator = cheers(bob).received().makeAsyncIterator()
        try await cheers(alice).send(.heart, to: nil)
        try await barrier(&iterator)
        await network.endpoint(for: alice.id).send(.presence(alice, .running), from: alice, to: nil)
        let shown = await iterator.next()
        #expect(shown?.sender == alice && shown?.emoji == .heart)
    }

    @Test("at most 16 are held per stream (the newest), none past 60 s of race time, and a runner never named is never shown")
    func bounded() async throws {
        let bobCheers = cheers(bob)
        var iterator = bobCheers.received().makeAsyncIterator()
        // A stale one: sent, then 61 s pass before anything names alice.
        try await cheers(alice).send(.smile, to: nil)
        try await barrier(&iterator)
        clock.advance(by: RaceCheers.heldFor + 1)
        // Twenty more from alice (the newest sixteen are kept), and some from a runner nobody names.
        let mallory = Runner(id: RunnerID(rawValue: 0xBAD), name: "mallory")
        for _ in 0..<4 { try await cheers(mallory).send(.clap, to: nil) }
        for index in 0..<20 { try await cheers(alice).send(index < 4 ? .clap : .fire, to: nil) }
        try await barrier(&iterator, emoji: .rocket)
        await bobCheers.learn(alice)
        var shown: [ReceivedCheer] = []
        for _ in 0..<RaceCheers.heldLimit { if let next = await iterator.next() { shown.append(next) } }
        // Sixteen of alice's newest: fires only (the stale party and the four oldest claps went).
        #expect(shown.count == 16 && shown.allSatisfy { $0.sender == alice && $0.emoji == .fire }, "\(shown.map(\.emoji))")
        // Nothing else was held for alice, and mallory's never show: the next is carol's.
        try await barrier(&iterator, emoji: .heart)
    }
}
