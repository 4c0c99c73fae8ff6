/// How a run ended, for the command's exit status.
public struct RunOutcome: Sendable, Equatable {
    /// The run ended without an error (a result, a cancel or a stop).
    public var succeeded: Bool
    /// Everything was written to the run's record.
    public var recorded: Bool
    /// The exit status of the interrupt that stopped the run before its end, as a shell gives it (130
    /// for Ctrl-C, 143 for SIGTERM, 141 for a closed output); nil when nothing interrupted it.
    public var stoppedBy: Int32?

    /// An outcome.
    public init(succeeded: Bool, recorded: Bool, stoppedBy: Int32? = nil) {
        self.succeeded = succeeded
        self.recorded = recorded
        self.stoppedBy = stoppedBy
    }

    /// Both: the command exits 0.
    public var isSuccess: Bool { succeeded && recorded }

    /// The command's exit status: 0 on success, the interrupt's status when one stopped the run before
    /// its end (docs/CONFIG.md, "Exit statuses"), else 1.
    public var exitStatus: Int32 {
        guard isSuccess else { return 1 }
        return stoppedBy ?? 0
    }
}
