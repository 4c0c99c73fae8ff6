import SyncWire

extension DatagramError {
    /// Whether a well-formed datagram refused with it points to a forgery (`PeerRefusal.isForgerySign`):
    /// a runner off an invited race's roster, an unsigned decision in a runner's name, a replay, a pong
    /// to no ping of ours, our own id from another peer. Malformed bytes and a wrong key are counted apart.
    var isForgerySign: Bool {
        switch self {
        case .notInRace, .unsignedDecision, .replayed, .unsolicitedPong, .ownSender: true
        default: false
        }
    }
}
