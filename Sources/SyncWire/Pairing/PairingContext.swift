import Domain

/// What one pairing exchange is about, bound into every signature and the transcript: the invitation,
/// its host and this invitee, and the terms (docs/PROTOCOL.md, "Pairing"). A message made for another
/// invitation, invitee or terms does not verify here.
public struct PairingContext: Sendable, Hashable {
    /// The invitation's id.
    public var invitation: UInt32
    /// The host's runner id.
    public var host: RunnerID
    /// The invitee's runner id.
    public var joiner: RunnerID
    /// Mode and goal of the run offered.
    public var terms: RaceTerms

    /// The context of `joiner`'s exchange with `host` about `invitation`.
    public init(invitation: UInt32, host: RunnerID, joiner: RunnerID, terms: RaceTerms) {
        self.invitation = invitation
        self.host = host
        self.joiner = joiner
        self.terms = terms
    }

    /// Its 25 bytes: invitation (4), host (8), joiner (8), mode (1), goal in centimetres (4); with a
    /// course 38: then the course's digest (8), laps (1) and lap length in centimetres (4), so that the
    /// host's signed offer names the course the invitee will fetch and check.
    var bytes: [UInt8] {
        var writer = WireWriter(capacity: 38)
        writer.write(invitation)
        writer.write(host.rawValue)
        writer.write(joiner.rawValue)
        writer.write(terms.mode.rawValue)
        writer.write(terms.goal.centimetres)
        if let course = terms.course {
            writer.write(UInt64(course.digest, radix: 16) ?? 0)
            writer.write(UInt8(clamping: course.laps))
            writer.write(course.lengthCentimetres)
        }
        return writer.bytes
    }
}
