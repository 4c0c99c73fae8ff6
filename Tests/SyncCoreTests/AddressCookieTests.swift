import Domain
@testable import SyncCore
import SyncWire
import Testing

/// The address challenge's cookies come from the generator the peer was given (the transport gives the
/// system's; the core reads no randomness of its own), one per address, never 0 (a configured
/// address's, which is never challenged).
@Suite("Address validation: injected cookies")
struct AddressCookieTests {
    static let (bob, carol) = (PeerAddress(host: "10.0.0.2", port: 47474), PeerAddress(host: "10.0.0.3", port: 47474))

    /// The first `count` cookies a generator seeded with `seed` gives.
    static func cookies(seed: UInt64, count: Int) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in UInt64.random(in: 1...UInt64.max, using: &generator) }
    }

    @Test("a learned and a named address are challenged with the generator's cookies; another's echo is refused")
    func cookiesFromTheGenerator() {
        var table = PeerTable(capacity: 4, cookies: SplitMix64(seed: 42))
        table.heard(Self.bob, bytes: 100, now: 0)
        table.named(Self.carol, now: 0)
        let expected = Self.cookies(seed: 42, count: 2)
        let learned = table.challenge(Self.bob, length: 25, now: 0)
        let named = table.challengesDue(length: 25, now: 0).map(\.cookie)
        #expect(learned == expected[0])
        #expect(named == [expected[1]])
        let wrong = table.echoed(expected[1], from: Self.bob, now: 1)
        let right = table.echoed(expected[0], from: Self.bob, now: 1)
        #expect(!wrong && right && table.isValidated(Self.bob))
    }

    @Test("a peer's challenge carries its generator's cookie: the same seed challenges alike, another differently")
    func peerStateUsesItsGenerator() throws {
        func challenge(seed: UInt64) throws -> UInt64? {
            var alice = PeerState(key: nil, capacity: 64, epoch: 1, cookies: SplitMix64(seed: seed))
            let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 100_000))
            let hello = SyncDatagramCodec.encode(
                SyncDatagram(
                    sender: RunnerID(rawValue: 0xB0), sequence: 1, message: .hello(name: "bob waits", terms: terms)),
                key: nil)
            let effects = alice.receive(hello, from: Self.bob, clocks: SyncClocks(microseconds: { 1_000 }))
            guard let reply = effects.replies.first,
                  case .extended(.addressChallenge(let cookie)) = try SyncDatagramCodec.decode(reply, key: nil).message
            else { return nil }
            return cookie
        }
        #expect(try challenge(seed: 7) == Self.cookies(seed: 7, count: 1).first)
        #expect(try challenge(seed: 7) == challenge(seed: 7))
        #expect(try challenge(seed: 8) != challenge(seed: 7))
    }
}
