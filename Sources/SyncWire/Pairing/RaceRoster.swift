import Domain

/// Who runs an invited race and the Ed25519 key each runner signs its decisions with, signed by the
/// host over the race id (docs/PROTOCOL.md, "Signed decisions"). The host sends it to every runner it
/// admitted, with the start; a runner checks it with the host identity it paired with.
public struct RaceRoster: Sendable, Hashable {
    /// Ed25519 public key by runner id, the host's included (2 … 9 runners).
    public var keys: [RunnerID: [UInt8]]
    /// Ed25519 by the host over the race id and the entries (64 bytes).
    public var signature: [UInt8]

    static let label = Array("MateRunner race v1 roster".utf8)
    /// The most runners of one roster (the host and 8 invitees).
    public static let maximumRunners = InvitationOffer.maximumInvitees + 1

    /// A roster as received.
    public init(keys: [RunnerID: [UInt8]], signature: [UInt8]) {
        self.keys = keys
        self.signature = signature
    }

    /// The roster of `keys` for the race `raceID`, signed by the host's `hostKeys`.
    public static func signed(_ keys: [RunnerID: [UInt8]], raceID: [UInt8], by hostKeys: DeviceKeys) -> RaceRoster {
        RaceRoster(keys: keys, signature: hostKeys.sign(signedBytes(keys, raceID: raceID)))
    }

    /// Whether the roster is `host`'s, for the race `raceID`.
    public func isValid(raceID: [UInt8], host: MateIdentity) -> Bool {
        DeviceKeys.isValid(signature: signature[...], of: Self.signedBytes(keys, raceID: raceID), by: host)
    }

    /// The entries in increasing runner id: id (8) and key (32) each.
    var entries: [(RunnerID, [UInt8])] {
        keys.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    static func signedBytes(_ keys: [RunnerID: [UInt8]], raceID: [UInt8]) -> [UInt8] {
        var writer = WireWriter(capacity: 40 * keys.count)
        for (id, key) in keys.sorted(by: { $0.key < $1.key }) {
            writer.write(id.rawValue)
            writer.write(contentsOf: key)
        }
        return label + raceID + writer.bytes
    }
}
