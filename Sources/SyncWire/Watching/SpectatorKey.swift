import Crypto

// MARK: The spectator key of an invited race (docs/PROTOCOL.md, "Key schedule")

extension RaceSecrets {
    static let spectatorKeyInfo = Array("MateRunner race v1 spectator key".utf8)

    /// The race's spectator key: HKDF-SHA256 of the race key, salted with the race id, under its own
    /// label, 32 bytes. Runners tag what they send to spectators with it and accept nothing that counts
    /// under it; it does not give the race key back (HKDF is one-way).
    public var spectatorKey: [UInt8] {
        HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: key), salt: raceID, info: Self.spectatorKeyInfo, outputByteCount: RaceKey.keyLength
        ).withUnsafeBytes { Array($0) }
    }
}

extension RaceKey {
    /// The key spectators of the invited race with `secrets` hold: the spectator key, its tags covering
    /// the race id as the race key's do.
    public init(spectatorOf secrets: RaceSecrets) {
        self.init(keyBytes: secrets.spectatorKey, raceID: secrets.raceID)
    }

    /// A spectator's key from the spectator key and race id a grant delivered.
    public init(spectatorKey: [UInt8], raceID: [UInt8]) {
        self.init(keyBytes: spectatorKey, raceID: raceID)
    }
}

extension RaceKey {
    /// `datagram` (tagged under another key) with this key's tag instead; an untagged datagram unchanged.
    public func retag(_ datagram: [UInt8]) -> [UInt8] {
        guard datagram.count >= DatagramHeader.length + Self.tagLength,
              datagram[3] & DatagramHeader.authenticatedFlag != 0
        else { return datagram }
        let body = datagram.dropLast(Self.tagLength)
        return Array(body) + tag(for: body)
    }
}
