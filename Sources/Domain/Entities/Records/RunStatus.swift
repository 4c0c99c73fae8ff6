/// How a recorded run ended. The raw value is what the record store keeps.
public enum RunStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// The run reached its end: our runner (or the team) reached the goal and the result is known.
    case finished
    /// Our runner cancelled (a confirmed cancel), or every runner did.
    case cancelled
    /// The run was stopped before its end without a cancel: Ctrl-C, SIGTERM, a closed output, a
    /// front-end's stop (`q`). Read as interrupted by versions before it.
    case stopped
    /// The run never reached its end: the process was killed, crashed, or the run failed. A run is
    /// stored with this status from its start until it ends, so a run cut short keeps it.
    case interrupted
}
