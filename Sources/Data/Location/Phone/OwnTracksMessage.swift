import Foundation

/// One OwnTracks payload (an MQTT message or an HTTP POST body), decoded: a location, an encrypted
/// envelope still to open, or something else the race has no use for.
public enum OwnTracksMessage: Sendable, Equatable {
    /// `_type: location`.
    case location(PhonePosition)
    /// `_type: encrypted`: the decoded `data`, nonce ‖ MAC ‖ ciphertext (`OwnTracksCipher.open`).
    case encrypted(Data)
    /// Any other `_type` (`lwt`, `transition`, `waypoint`, `status`, `card`...).
    case other(type: String)
    /// A zero-length payload: the apps send one when a friend is deleted.
    case empty

    /// The message in `payload`; throws the refusal for a payload that is not a well-formed message
    /// (not JSON, no `_type`, a location without position or time, envelope data not base64).
    public static func decode(_ payload: Data) throws(PhoneRefusal) -> OwnTracksMessage {
        if payload.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) { return .empty }
        let dto: OwnTracksLocationDTO
        do { dto = try JSONDecoder().decode(OwnTracksLocationDTO.self, from: payload) } catch { throw .malformed }
        switch dto.type {
        case "location"?:
            return .location(try dto.toPosition())
        case "encrypted"?:
            guard let text = dto.data, let data = Data(base64Encoded: text, options: .ignoreUnknownCharacters) else {
                throw .malformed
            }
            return .encrypted(data)
        case let type?:
            return .other(type: type)
        case nil:
            throw .malformed
        }
    }
}
