import Foundation

/// A device's long-term public identity: the Ed25519 key its messages are signed with and the X25519
/// key it agrees keys with (32 bytes each), and a short fingerprint a person can read aloud. Made by the
/// layer that holds the cryptography (SyncWire's `DeviceKeys`, `IdentityFingerprint`); the Domain only
/// compares and stores it.
public struct MateIdentity: Sendable, Hashable, Codable {
    /// Bytes of each public key.
    public static let keyLength = 32

    /// The Ed25519 public key (raw, 32 bytes): who signed a message.
    public var signingKey: [UInt8]
    /// The X25519 public key (raw, 32 bytes).
    public var agreementKey: [UInt8]
    /// A short, stable text for people (e.g. `3f1c-a9e2-07bd-5c44`), derived from both keys.
    public var fingerprint: String

    /// An identity from its keys and their fingerprint.
    public init(signingKey: [UInt8], agreementKey: [UInt8], fingerprint: String) {
        self.signingKey = signingKey
        self.agreementKey = agreementKey
        self.fingerprint = fingerprint
    }

    /// Whether `other` is the same device (same keys; the fingerprint follows from them).
    public func isSameDevice(as other: MateIdentity) -> Bool {
        signingKey == other.signingKey && agreementKey == other.agreementKey
    }

    /// Both keys as one text (`mr1:` then base64 of the 64 bytes), as `materunner mates` prints it and
    /// `materunner mates add` reads it.
    public var text: String {
        "mr1:" + Data(signingKey + agreementKey).base64EncodedString()
    }

    /// The keys of an identity `text` (`mr1:` + base64 of 64 bytes); nil when it is not one.
    public static func keys(fromText text: String) -> (signing: [UInt8], agreement: [UInt8])? {
        guard text.hasPrefix("mr1:"), let data = Data(base64Encoded: String(text.dropFirst(4))),
              data.count == 2 * keyLength
        else { return nil }
        let bytes = [UInt8](data)
        return (Array(bytes[..<keyLength]), Array(bytes[keyLength...]))
    }
}
