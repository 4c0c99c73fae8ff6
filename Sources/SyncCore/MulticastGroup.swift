import Crypto
import Domain
import SyncWire

/// The IPv4 multicast group a race's runners send their progress to on the local segment (docs/PROTOCOL.md,
/// "Multicast"): one address in the administratively scoped 239.255.100.1 … 239.255.199.254 (RFC 2365's
/// local scope, never routed beyond the site, clear of SSDP's 239.255.255.250), on port `port`, named by
/// the race itself so that every runner of it picks the same group without a message: by the race key's
/// public id in a keyed race (invited or by passphrase), by the terms in an open race (the runners an open
/// race accepts are those with its terms).
public enum MulticastGroup {
    /// The group's UDP port: one next to the default unicast port, the same for every race.
    public static let port = 47475

    /// The group of a race with `terms` under `key` (nil: an open race).
    public static func address(terms: RaceTerms, key: RaceKey?) -> PeerAddress {
        let name: String
        if let key {
            name = "key \(key.publicID)"
        } else {
            let course = terms.course.map { " course \($0.digest) laps \($0.laps)" } ?? ""
            name = "open \(terms.mode.rawValue) \(terms.goal.centimetres)\(course)"
        }
        let digest = Array(SHA256.hash(data: Array("MateRunner multicast group v1 \(name)".utf8)))
        let third = 100 + Int(digest[0]) % 100
        let fourth = 1 + Int(digest[1]) % 254
        return PeerAddress(host: "239.255.\(third).\(fourth)", port: port)
    }
}
