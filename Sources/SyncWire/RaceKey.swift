import Crypto

/// The secret shared by the runners of one race: an HMAC-SHA256 key, derived with HKDF-SHA256 from a
/// passphrase or given by the host of an invited race (`RaceSecrets`), and the race id (docs/PROTOCOL.md,
/// "Race key"). Every datagram of a keyed race carries the first 8 bytes of the HMAC of the race id
/// followed by everything before the tag: a datagram of one race is not valid in another.
public struct RaceKey: Sendable {
    /// Bytes of the tag at the end of every keyed datagram (HMAC-SHA256 truncated to 64 bits).
    public static let tagLength = 8
    /// HKDF salt: fixed, public, names the protocol.
    public static let salt = Array("MateRunner race key".utf8)
    /// HKDF info: what the derived key is for.
    public static let info = Array("materunner sync v2 hmac-sha256".utf8)

    /// The derived key's bytes (Crypto's `SymmetricKey` is not `Sendable` on every platform).
    private let keyBytes: [UInt8]
    /// The race id every tag covers (16 bytes in an invited race; empty for a passphrase without one).
    public let raceID: [UInt8]

    /// Derives the key from `passphrase` (its UTF-8 bytes, as given); refuses an empty one.
    public init(passphrase: String) throws(RaceKeyError) {
        guard !passphrase.isEmpty else { throw .empty }
        let derived = HKDF<SHA256>.deriveKey(
            inputKeyMaterial: SymmetricKey(data: Array(passphrase.utf8)),
            salt: Self.salt,
            info: Self.info,
            outputByteCount: 32
        )
        keyBytes = derived.withUnsafeBytes { Array($0) }
        raceID = []
    }

    /// A key from its 32 bytes and the race id its tags cover.
    init(keyBytes: [UInt8], raceID: [UInt8]) {
        self.keyBytes = keyBytes
        self.raceID = raceID
    }

    /// The same key, its tags covering `raceID` (a passphrase race with `--race-id`).
    public func with(raceID: [UInt8]) -> RaceKey {
        RaceKey(keyBytes: keyBytes, raceID: raceID)
    }

    /// The tag of `message`: HMAC-SHA256 under the race key of the race id then `message`, first
    /// `tagLength` bytes.
    public func tag(for message: ArraySlice<UInt8>) -> [UInt8] {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: keyBytes))
        mac.update(data: raceID)
        mac.update(data: message)
        return Array(mac.finalize().prefix(Self.tagLength))
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
