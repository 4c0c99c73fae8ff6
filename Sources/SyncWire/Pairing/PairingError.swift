/// Why a pairing message was refused. Each is a datagram to drop, never a crash; the exchange goes on
/// with the next valid one or times out.
public enum PairingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A key, nonce or signature of the wrong length, or a public key that is not a curve point.
    case malformed(String)
    /// The signature is not the claimed identity's over this exchange (forged, tampered, or another exchange's).
    case badSignature(String)
    /// The revealed nonce does not open the offer's commitment.
    case commitmentMismatch
    /// The sealed race secrets do not open under this exchange's key.
    case sealBroken

    /// What happened, for the log.
    public var description: String {
        switch self {
        case .malformed(let field): "pairing message has a malformed \(field): dropped"
        case .badSignature(let message): "pairing \(message) is not signed by the identity it names for this invitation: dropped (forged, tampered or replayed)"
        case .commitmentMismatch: "the host's revealed nonce does not match its commitment: dropped (someone is in the middle, do not accept)"
        case .sealBroken: "the race key sent by the host does not open under this exchange's key: dropped"
        }
    }
}
