import Domain
@testable import SyncCore
import SyncTesting
import SyncWire
import Testing

/// The previous UTC day's fallback (`RaceIDFallback`) as a state machine of its own, without a peer:
/// the first bad-tag asks for the key once, nothing is tried while it is derived, and once derived a
/// datagram authenticating under it is adopted; any other stays refused.
@Suite("Race id fallback, alone")
struct RaceIDFallbackStepTests {
    static func hello(key: RaceKey) -> [UInt8] {
        let hello = SyncMessage.hello(name: "bob", terms: SyncSample.terms)
        return SyncSample.encoded(hello, from: RunnerID(rawValue: 0xB0), sequence: 1, key: key)
    }

    @Test("idle, deriving (asked once), derived: a datagram under the previous day's key is adopted, another refused")
    func steps() throws {
        let ours = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.afterMidnight)
        let before = try RaceKey.testing("lake run", defaultRaceIDAt: RaceKey.beforeMidnight)
        var fallback = RaceIDFallback(previousDay: try #require(ours.previousDay))
        guard case .derive(let wanted) = fallback.badTag(Self.hello(key: before)) else {
            Issue.record("the first bad-tag asks for the previous day's key")
            return
        }
        #expect(wanted.raceID == "materunner-2026-11-23")
        guard case .refused = fallback.badTag(Self.hello(key: before)) else {
            Issue.record("nothing is asked or tried twice while the key is derived")
            return
        }
        fallback.derived(try wanted.derive())
        let other = try RaceKey.testing("another passphrase", defaultRaceIDAt: RaceKey.beforeMidnight)
        guard case .refused = fallback.badTag(Self.hello(key: other)) else {
            Issue.record("another passphrase stays refused")
            return
        }
        guard case .adopted(let datagram, let key) = fallback.badTag(Self.hello(key: before)) else {
            Issue.record("a mate's datagram under the previous day's key is adopted")
            return
        }
        #expect(datagram.sender == RunnerID(rawValue: 0xB0))
        #expect(key.publicID == before.publicID)
    }
}
