import Domain

/// A progress message as it travels: whole milliseconds and centimetres. The runner's name and the
/// run's terms travel in `hello`; the header's sequence orders the reports.
package struct ProgressReportDTO: Sendable, Hashable {
    /// Waiting, running, finished or cancelled (2 bits of the header flags).
    package var phase: RunnerPhase
    /// The sender has every runner's final state (header flag bit 2).
    package var hasFinalResult: Bool
    /// Milliseconds since the runner's start.
    package var elapsedMilliseconds: UInt32
    /// Centimetres covered.
    package var distanceCentimetres: UInt32
    /// Milliseconds from start to the goal; present if and only if `phase` is finished, then ≤ elapsed.
    package var finishMilliseconds: UInt32?

    /// A report; `ProgressReportDTO(progress)` makes one from the Domain.
    package init(
        phase: RunnerPhase,
        hasFinalResult: Bool,
        elapsedMilliseconds: UInt32,
        distanceCentimetres: UInt32,
        finishMilliseconds: UInt32?
    ) {
        self.phase = phase
        self.hasFinalResult = hasFinalResult
        self.elapsedMilliseconds = elapsedMilliseconds
        self.distanceCentimetres = distanceCentimetres
        self.finishMilliseconds = finishMilliseconds
    }

    /// Whether the fields obey the rules above; `decode` checks this before returning a report.
    var isConsistent: Bool {
        switch finishMilliseconds {
        case .some(let finish): phase == .finished && finish <= elapsedMilliseconds
        case .none: phase != .finished
        }
    }
}
