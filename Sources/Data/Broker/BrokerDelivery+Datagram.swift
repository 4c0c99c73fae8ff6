import SyncWire

extension BrokerDelivery {
    /// The QoS a datagram goes with (docs/PROTOCOL.md, "Through a broker"): what is sent again anyway or
    /// caught up from later ones (progress and its deltas, acknowledgements, hellos) and what a
    /// late copy would make wrong (clock pings and pongs) at most once; what the lobby and the race's
    /// decisions cannot lose (invitations, answers, outcomes, presence, pairing and the extended messages,
    /// a finish, a restart's boot and relayed state, a cheer) at least once. A copy QoS 1 delivers twice is
    /// refused by the replay window like any duplicate.
    static func of(datagram bytes: [UInt8]) -> BrokerDelivery {
        guard bytes.count >= DatagramHeader.length, let type = MessageType(rawValue: bytes[3] >> 4) else { return .atMostOnce }
        switch type {
        case .progress, .progressDelta, .acknowledgement, .hello, .clockPing, .clockPong:
            return .atMostOnce
        case .presence, .invitation, .answer, .outcome, .extended, .finishedProgress, .boot, .relayedState, .cheer:
            return .atLeastOnce
        }
    }
}
