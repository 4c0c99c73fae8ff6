/// What a host gives each runner it admits to an invited race: the race key (32 random bytes) every
/// datagram's tag is made with, and the race id (16 random bytes) every tag covers, so that nothing
/// recorded in one race is valid in another.
public struct RaceSecrets: Sendable, Hashable {
    /// Bytes of the race key.
    public static let keyLength = 32
    /// Bytes of the race id.
    public static let raceIDLength = 16

    /// The race key's bytes.
    public let key: [UInt8]
    /// The race id.
    public let raceID: [UInt8]

    /// Fresh random secrets for a new race.
    public static func generate() -> RaceSecrets {
        RaceSecrets(checkedKey: PairingTranscript.random(keyLength), raceID: PairingTranscript.random(raceIDLength))
    }

    private init(checkedKey: [UInt8], raceID: [UInt8]) {
        self.key = checkedKey
        self.raceID = raceID
    }

    /// Secrets from their bytes; nil when a length is wrong.
    public init?(key: [UInt8], raceID: [UInt8]) {
        guard key.count == Self.keyLength, raceID.count == Self.raceIDLength else { return nil }
        self.init(checkedKey: key, raceID: raceID)
    }
}
