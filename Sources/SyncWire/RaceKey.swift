import Crypto

/// The secret shared by the runners of one race: a 32-byte HMAC-SHA256 key, stretched from a passphrase
/// and the race id with scrypt (`RaceKey+Passphrase.swift`, docs/PROTOCOL.md, "Race key"). Every datagram
/// of a keyed race carries the first 8 bytes of the HMAC of everything before them.
public struct RaceKey: Sendable {
    /// Bytes of the tag at the end of every keyed datagram (HMAC-SHA256 truncated to 64 bits).
    public static let tagLength = 8
    /// Bytes of the key itself.
    public static let keyLength = 32

    /// The derived key's bytes (Crypto's `SymmetricKey` is not `Sendable` on every platform).
    private let keyBytes: [UInt8]

    /// The key whose bytes are `derivedKeyBytes` (`keyLength` of them: a derivation's output, never a
    /// passphrase; see `init(passphrase:raceID:cost:)`).
    public init(derivedKeyBytes: [UInt8]) throws(RaceKeyError) {
        guard derivedKeyBytes.count == Self.keyLength else { throw .derivationFailed(reason: "\(derivedKeyBytes.count) key bytes, not \(Self.keyLength)") }
        keyBytes = derivedKeyBytes
    }

    /// The tag of `message`: HMAC-SHA256 under the race key, first `tagLength` bytes.
    public func tag(for message: ArraySlice<UInt8>) -> [UInt8] {
        Array(HMAC<SHA256>.authenticationCode(for: message, using: SymmetricKey(data: keyBytes)).prefix(Self.tagLength))
    }

    /// Whether `tag` is the tag of `message`, compared in constant time.
    public func isValid(tag: ArraySlice<UInt8>, for message: ArraySlice<UInt8>) -> Bool {
        let expected = self.tag(for: message)
        guard tag.count == expected.count else { return false }
        var difference: UInt8 = 0
        for (left, right) in zip(tag, expected) { difference |= left ^ right }
        return difference == 0
    }
}
