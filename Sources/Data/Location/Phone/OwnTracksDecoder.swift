import Foundation

/// Turns an OwnTracks payload into a position, with or without a key. With a key (`cipher`), only
/// encrypted payloads are taken: a plaintext one is refused (`plaintext`), since the apps pass plaintext
/// through and anyone who can post or publish could have made it. Without one, an encrypted payload
/// cannot be read (`encryptedWithoutKey`). Messages of another `_type` are `notLocation`.
public struct OwnTracksDecoder: Sendable {
    /// The key's cipher, or nil for plaintext.
    public let cipher: OwnTracksCipher?

    /// A decoder for this key (nil: none).
    public init(cipher: OwnTracksCipher?) {
        self.cipher = cipher
    }

    /// The position in `payload`, or the refusal.
    public func position(in payload: Data) throws(PhoneRefusal) -> PhonePosition {
        let message = try OwnTracksMessage.decode(payload)
        switch (message, cipher) {
        case (.encrypted(let box), let cipher?):
            switch try OwnTracksMessage.decode(try cipher.open(box)) {
            case .location(let position): return position
            case .encrypted: throw .malformed
            case .other, .empty: throw .notLocation
            }
        case (.encrypted, nil):
            throw .encryptedWithoutKey
        case (.empty, _), (.other, nil):
            throw .notLocation
        case (.location, _?), (.other, _?):
            throw .plaintext
        case (.location(let position), nil):
            return position
        }
    }
}
