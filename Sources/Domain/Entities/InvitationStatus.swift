/// Where an invitation stands as a whole.
public enum InvitationStatus: Sendable, Hashable {
    /// Waiting for answers, before the timeout.
    case open
    /// Closed (everyone answered, or the timeout passed) with these invitees in, lowest id first.
    case accepted(by: [RunnerID])
    /// Everyone answered and nobody accepted.
    case declined
    /// The timeout passed and nobody had accepted.
    case timedOut
    /// The host cancelled it.
    case cancelled
}

/// Where one invitee stands.
public enum InviteeStatus: Sendable, Hashable {
    /// May still accept or decline.
    case pending
    /// Accepted: runs with the host.
    case accepted
    /// Declined.
    case declined
    /// Did not answer in time; can no longer accept.
    case timedOut
    /// The host cancelled before this invitee answered.
    case cancelled
    /// Not one of the invitees.
    case notInvited
}
