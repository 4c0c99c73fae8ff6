import Domain

extension SyncDatagram {
    /// A runner's progress as the datagram numbered `sequence` from `sender`: the message the sync core
    /// sends for it. Public for code that measures the wire from outside this package (the benchmarks).
    public init(progress: RunnerProgress, sender: RunnerID, sequence: UInt32) {
        self.init(sender: sender, sequence: sequence, message: .progress(ProgressReportDTO(progress)))
    }

    /// The progress this datagram reports about `runner` in a race of `terms`; nil for another message.
    public func progress(of runner: Runner, terms: RaceTerms) -> RunnerProgress? {
        guard case .progress(let report) = message else { return nil }
        return report.toDomain(runner: runner, terms: terms, sequence: sequence)
    }
}
