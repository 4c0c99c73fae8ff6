import Domain
import SyncWire

/// The limits on restart catch-up (docs/PROTOCOL.md, "Restart and catch-up"): a forged boot or relay
/// must not be able to plant a future epoch, rewrite our own runner's state mid-race, or throw our
/// datagram numbers to the end of their range.
enum CatchUpRules {
    /// How far a boot's epoch may be ahead of our wall clock (µs, 120 s): the machines' clocks must
    /// agree that closely (NTP on a LAN does). A boot further ahead is refused (`boot-ahead`), so it
    /// cannot make the real restart's epoch look old.
    static let bootSkew: UInt64 = 120_000_000
    /// How long after our own boot a relayed state about our runner is adopted (µs, 60 s). Mates relay
    /// at once and then with each of their hellos, at most 8 times (every 4th publish, about 2 s apart),
    /// after validating our new address: 60 s covers all of them; later relays are refused (`relay-late`).
    static let adoptionWindow: UInt64 = 60_000_000
    /// How far the highest number a relay reports may be above the held progress's number: the
    /// datagrams our previous process sent after its last progress this mate held (a second of them at most).
    static let relayGap: UInt32 = 512

    /// Whether a relay's numbers are plausible: `highest` within `RunnerDirectory.numberLimit` (so that
    /// our numbers never continue near the end of their range) and at most `relayGap` above `held`.
    static func isPlausible(highest: UInt32, held: UInt32) -> Bool {
        highest <= RunnerDirectory.numberLimit && held <= highest && highest - held <= relayGap
    }
}
