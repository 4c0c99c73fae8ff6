/// How a run ended, for the command's exit status.
public struct RunOutcome: Sendable, Equatable {
    /// The run ended without an error (a result, a cancel or a stop).
    public var succeeded: Bool
    /// Everything was written to the run's record.
    public var recorded: Bool

    /// An outcome.
    public init(succeeded: Bool, recorded: Bool) {
        self.succeeded = succeeded
        self.recorded = recorded
    }

    /// Both: the command exits 0.
    public var isSuccess: Bool { succeeded && recorded }

    /// The command's exit status: 0 on success, else 1.
    public var exitStatus: Int32 { isSuccess ? 0 : 1 }
}
