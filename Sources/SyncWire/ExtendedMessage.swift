import Domain

/// The body of an extended datagram (message type 15, docs/PROTOCOL.md "Extended messages"): the
/// header's type nibble has no room left, so type 15 carries a **subtype** in its first body byte.
///
/// Subtypes: 1 address challenge, 2 address echo (address validation, below); 3 … 15 free for the
/// sync layer; **16 … 255 are the identity layer's** (device identities, pairing, signed
/// messages): add them here and in `ExtendedType`, and give each its length in `ExtendedType.lengths`.
package enum ExtendedMessage: Sendable, Hashable {
    /// "Echo this cookie back": sent to an address learned from an incoming datagram before anything
    /// else may go to it (as QUIC validates a client's address), so that a spoofed source gets no traffic.
    case addressChallenge(cookie: UInt64)
    /// The answer to a challenge: its cookie, sent back to the challenge's source.
    case addressEcho(cookie: UInt64)
    /// One chunk of the ghost its sender announces (docs/PROTOCOL.md, "15/9 ghost chunk").
    case ghostChunk(GhostChunkDTO)
    /// The runners whose datagrams its sender hears on the race's multicast group (docs/PROTOCOL.md,
    /// "15/3 group hearing"): each of them may stop sending it unicast copies for a while.
    case groupHearing([RunnerID])

    /// This message's subtype byte.
    package var type: ExtendedType {
        switch self {
        case .addressChallenge: .addressChallenge
        case .addressEcho: .addressEcho
        case .ghostChunk: .ghostChunk
        case .groupHearing: .groupHearing
        }
    }
}

/// The subtype byte of an extended datagram (type 15). Values 16 … 255 are the identity layer's
/// messages (docs/PROTOCOL.md); 3 … 15 the sync layer's.
public enum ExtendedType: UInt8, Sendable, Hashable, CaseIterable {
    /// An address challenge: an 8-byte random cookie.
    case addressChallenge = 1
    /// An address echo: the cookie of the challenge it answers.
    case addressEcho = 2
    /// A group hearing: a count, then that many runner ids (8 bytes each) heard on the multicast group.
    case groupHearing = 3
    /// A chunk of a ghost: its id, start, step, sample count, index, base distance, deltas and name.
    case ghostChunk = 9

    /// The most runner ids in one group hearing: 54, so that it stays within 462 bytes with its tag (no
    /// IP fragments); a peer that hears more sends two.
    package static let maximumHeard = 54

    /// The first subtype of the identity layer's messages (pairing, watch, signed).
    public static let firstIdentitySubtype: UInt8 = 16

    /// The exact total length (header, subtype and body, no tag) of a datagram of this subtype.
    package var lengths: ClosedRange<Int> {
        switch self {
        case .addressChallenge, .addressEcho: 25...25
        case .ghostChunk: GhostChunkDTO.lengths
        case .groupHearing: 18...(18 + 8 * Self.maximumHeard)
        }
    }

    /// The lengths any subtype allows (the header's first length check; each subtype checks its own).
    static let allLengths: ClosedRange<Int> =
        (allCases.map(\.lengths.lowerBound).min() ?? 25)...(allCases.map(\.lengths.upperBound).max() ?? 25)

    /// A short, stable name for counters and logs.
    public var name: String {
        switch self {
        case .addressChallenge: "address-challenge"
        case .addressEcho: "address-echo"
        case .ghostChunk: "ghost-chunk"
        case .groupHearing: "group-hearing"
        }
    }
}
