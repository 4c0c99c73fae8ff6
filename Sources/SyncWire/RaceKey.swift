import Crypto
import Foundation

/// The secret shared by the runners of one race: a 32-byte HMAC-SHA256 key, stretched from a passphrase
/// and the race id with scrypt (`RaceKey+Passphrase.swift`), or drawn at random by the host of an invited
/// race (`RaceSecrets`, `RaceKey+Secrets.swift`), and the bytes of a race id every tag covers
/// (docs/PROTOCOL.md, "Race key"). Every datagram of a keyed race carries the first 8 bytes of the HMAC of
/// that race id followed by everything before the tag: a datagram of one race is not valid in another.
public struct RaceKey: Sendable {
    /// Bytes of the tag at the end of every keyed datagram (HMAC-SHA256 truncated to 64 bits).
    public static let tagLength = 8
    /// Bytes of the key itself.
    public static let keyLength = 32

    /// The derived key's bytes (Crypto's `SymmetricKey` is not `Sendable` on every platform).
    let keyBytes: [UInt8]
    /// The race id every tag covers: 16 random bytes in an invited race; empty for a passphrase key, whose
    /// race id salts the key itself.
    public let raceID: [UInt8]
    /// A passphrase key whose race id was defaulted (`init(passphrase:defaultRaceIDAt:cost:)`): the key of
    /// the previous UTC day's default race id, to fall back to when the mates started before midnight
    /// UTC; nil for every other key.
    public internal(set) var previousDay: PreviousDayRaceKey?
    /// The race's public id (16 hex digits): the first 8 bytes of HMAC-SHA256, under the race key, of
    /// "MateRunner race v1 public id" and the race id. The same on every runner holding this key and race
    /// id, different for every other race, and it tells nothing of the key: what discovery advertises
    /// (`race` TXT key) while the race runs. Computed once, with the key: a transport asks for it with
    /// every datagram (it was 15 % of a runner's CPU through a broker when made on each call,
    /// docs/BENCHMARKS.md).
    public let publicID: String

    /// The key whose bytes are `derivedKeyBytes` (`keyLength` of them: a derivation's output, never a
    /// passphrase; see `init(passphrase:raceID:cost:)`).
    public init(derivedKeyBytes: [UInt8]) throws(RaceKeyError) {
        guard derivedKeyBytes.count == Self.keyLength else { throw .derivationFailed(reason: "\(derivedKeyBytes.count) key bytes, not \(Self.keyLength)") }
        keyBytes = derivedKeyBytes
        // A passphrase key's race id is in its scrypt salt already; its tags cover nothing more.
        raceID = []
        publicID = Self.publicID(keyBytes: derivedKeyBytes, raceID: [])
    }

    /// A key from its 32 bytes and the race id its tags cover.
    init(keyBytes: [UInt8], raceID: [UInt8]) {
        self.keyBytes = keyBytes
        self.raceID = raceID
        publicID = Self.publicID(keyBytes: keyBytes, raceID: raceID)
    }

    /// The tag of `message`: HMAC-SHA256 under the race key of the race id then `message`, first
    /// `tagLength` bytes.
    public func tag(for message: ArraySlice<UInt8>) -> [UInt8] {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: keyBytes))
        mac.update(data: raceID)
        mac.update(data: message)
        return Array(mac.finalize().prefix(Self.tagLength))
    }

    /// The public id of the key `keyBytes` for `raceID` (see `publicID`).
    private static func publicID(keyBytes: [UInt8], raceID: [UInt8]) -> String {
        var mac = HMAC<SHA256>(key: SymmetricKey(data: keyBytes))
        mac.update(data: Array("MateRunner race v1 public id".utf8))
        mac.update(data: raceID)
        return Hex.lowercase(Array(mac.finalize().prefix(8)))
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
