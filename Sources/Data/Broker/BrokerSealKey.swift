import Crypto
import SyncWire

/// A key that seals payloads through the broker (ChaChaPoly, docs/PROTOCOL.md, "Through a broker"), and
/// the byte that names it in each envelope, so that a receiver holding several tries the right one.
struct BrokerSealKey: Sendable, Equatable {
    static let payloadLabel = "MateRunner broker payload v1"
    static let idLabel = "MateRunner broker key id v1"

    let id: [UInt8]
    let bytes: [UInt8]

    /// The race's: HKDF of the race key with its own label, so it tells nothing of the race key and the
    /// tags the race key makes.
    init(raceKey: RaceKey) {
        bytes = raceKey.subkey(label: Self.payloadLabel)
        id = Array(raceKey.subkey(label: Self.idLabel).prefix(1))
    }

    /// The group's: HKDF of the group's name. It keeps the lobby (presence, invitations, pairing) from an
    /// operator who does not know the name, and from nobody who does.
    init(group: String) {
        let material = SymmetricKey(data: Array(group.utf8))
        let salt = Array("MateRunner broker group v1".utf8)
        bytes = HKDF<SHA256>.deriveKey(inputKeyMaterial: material, salt: salt, info: Array(Self.payloadLabel.utf8), outputByteCount: 32)
            .withUnsafeBytes { Array($0) }
        id = HKDF<SHA256>.deriveKey(inputKeyMaterial: material, salt: salt, info: Array(Self.idLabel.utf8), outputByteCount: 1)
            .withUnsafeBytes { Array($0) }
    }

    /// The key as Crypto takes it.
    var symmetric: SymmetricKey { SymmetricKey(data: bytes) }
}
