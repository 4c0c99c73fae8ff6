import Crypto

extension RaceKey {
    /// A 32-byte key for another use than tagging datagrams (the broker's payload encryption,
    /// docs/PROTOCOL.md, "Through a broker"): HKDF-SHA256 of the race key, salted with the race id, with
    /// `label` as its info, so that each use has its own key and none tells anything of the race key.
    public func subkey(label: String) -> [UInt8] {
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: keyBytes), salt: raceID, info: Array(label.utf8), outputByteCount: 32
        )
        return derived.withUnsafeBytes { Array($0) }
    }
}
