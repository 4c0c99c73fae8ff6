import Domain

/// An invitation as the wire carries it (type 7). Instants travel as delays from the moment of sending,
/// so that peers whose clocks disagree (or run at other speed-ups) still agree within the one-way latency.
public struct InvitationDTO: Sendable, Hashable {
    /// Chosen by the host.
    public var id: UInt32
    /// Mode and goal.
    public var terms: RaceTerms
    /// Milliseconds left to answer when sent (race clock), 1 … 600 000.
    public var answerWithinMilliseconds: UInt32
    /// The invitees, 1 … 8, distinct, lowest id first.
    public var invitees: [RunnerID]
    /// The host's name.
    public var hostName: String

    /// The longest time an invitation stays open: 10 minutes.
    public static let maximumAnswerMilliseconds: UInt32 = 600_000

    public init(id: UInt32, terms: RaceTerms, answerWithinMilliseconds: UInt32, invitees: [RunnerID], hostName: String) {
        self.id = id
        self.terms = terms
        self.answerWithinMilliseconds = answerWithinMilliseconds
        self.invitees = invitees
        self.hostName = hostName
    }
}

/// How an invitation ended, as the wire carries it (type 9; the kind is in the header flags).
public enum OutcomeDTO: Sendable, Hashable {
    /// The run starts this many milliseconds (race clock) after the datagram was sent (≤ 60 000), with
    /// these runners (2 … 9, distinct, lowest id first), each with the address the host hears it at
    /// (so that runners who only know the host find each other).
    case start(inMilliseconds: UInt32, runners: [StartingRunner])
    case cancelled
    case timedOut
    case refused
    case declined

    /// The longest countdown sent: one minute.
    public static let maximumStartMilliseconds: UInt32 = 60_000

    /// The header flags naming the kind.
    var kind: UInt8 {
        switch self {
        case .start: 0
        case .cancelled: 1
        case .timedOut: 2
        case .refused: 3
        case .declined: 4
        }
    }
}

/// A runner of a start outcome: its id and the IPv4 address and UDP port the host hears it at
/// (0.0.0.0:0 when the host knows none, e.g. for itself: it is heard at the datagram's source).
public struct StartingRunner: Sendable, Hashable {
    public var id: RunnerID
    /// The IPv4 address, most significant byte first (a.b.c.d is a << 24 | b << 16 | c << 8 | d).
    public var ipv4: UInt32
    public var port: UInt16

    /// Bytes on the wire: id, address, port.
    static let wireLength = 14

    public init(id: RunnerID, ipv4: UInt32 = 0, port: UInt16 = 0) {
        self.id = id
        self.ipv4 = ipv4
        self.port = port
    }

    /// The address as `a.b.c.d`, or nil when none is given.
    public var host: String? {
        guard ipv4 != 0, port != 0 else { return nil }
        return [24, 16, 8, 0].map { String(ipv4 >> UInt32($0) & 0xFF) }.joined(separator: ".")
    }

    /// Parses `a.b.c.d` (nil for anything else, e.g. an IPv6 address).
    public static func ipv4(_ text: String) -> UInt32? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false).map { UInt8($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil }) else { return nil }
        return parts.reduce(UInt32(0)) { $0 << 8 | UInt32($1 ?? 0) }
    }
}
