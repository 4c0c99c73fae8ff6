import Domain

/// A runner's boot epoch in an invited race, signed by its identity over the race id (type 15, subtype
/// 26; docs/PROTOCOL.md, "Restart in an invited race"): it replaces the plain boot there, so that only the
/// runner itself can announce that it restarted (which makes its mates hand its state back).
public enum SignedBoot {
    static let label = Array("MateRunner race v1 boot".utf8)

    /// What `runner` signs: the label, the race id, its runner id and the epoch.
    static func signedBytes(runner: RunnerID, epoch: UInt64, raceID: [UInt8]) -> [UInt8] {
        var writer = WireWriter(capacity: 16)
        writer.write(runner.rawValue)
        writer.write(epoch)
        return label + raceID + writer.bytes
    }

    /// `runner`'s signature of `epoch` in the race `raceID`.
    public static func sign(runner: RunnerID, epoch: UInt64, raceID: [UInt8], keys: DeviceKeys) -> [UInt8] {
        keys.sign(signedBytes(runner: runner, epoch: epoch, raceID: raceID))
    }

    /// Whether `signature` is `runner`'s (Ed25519 key `signingKey`) over `epoch` in the race `raceID`.
    public static func isValid(_ signature: [UInt8], runner: RunnerID, epoch: UInt64, raceID: [UInt8], signingKey: [UInt8]) -> Bool {
        let identity = MateIdentity(signingKey: signingKey, agreementKey: [], fingerprint: "")
        return DeviceKeys.isValid(signature: signature[...], of: signedBytes(runner: runner, epoch: epoch, raceID: raceID), by: identity)
    }
}
