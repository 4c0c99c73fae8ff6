import Domain

/// A progress message as a delta (type 12): the change since a base state that the receiver
/// acknowledged, `baseBack` datagram numbers before this one (docs/PROTOCOL.md, "Deltas").
package struct ProgressDeltaDTO: Sendable, Hashable {
    /// This datagram's number minus the base's, 1 … 255.
    package var baseBack: UInt8
    /// Waiting, running, finished or cancelled.
    package var phase: RunnerPhase
    /// The sender has every runner's final state.
    package var hasFinalResult: Bool
    /// Milliseconds added to the base's elapsed time.
    package var elapsedDelta: UInt16
    /// Centimetres added to the base's distance.
    package var distanceDelta: UInt16
    /// When finished (and only then): milliseconds from the finish to the elapsed time.
    package var finishBack: UInt16?

    /// A delta; `ProgressDeltas` makes them. `finishBack` must be present exactly when `phase` is finished.
    package init(
        baseBack: UInt8, phase: RunnerPhase, hasFinalResult: Bool, elapsedDelta: UInt16, distanceDelta: UInt16,
        finishBack: UInt16? = nil
    ) {
        self.baseBack = baseBack
        self.phase = phase
        self.hasFinalResult = hasFinalResult
        self.elapsedDelta = elapsedDelta
        self.distanceDelta = distanceDelta
        self.finishBack = finishBack
    }

    /// The delta from `base` (numbered `baseNumber`) to `report` (numbered `number`), or nil when it
    /// does not fit: too far back, values that went down or grew past 16 bits, a finish more than 16 bits
    /// of milliseconds before the elapsed time.
    package init?(from base: ProgressReportDTO, baseNumber: UInt32, to report: ProgressReportDTO, number: UInt32) {
        let finishBack = report.finishMilliseconds.map { report.elapsedMilliseconds - min($0, report.elapsedMilliseconds) }
        guard number > baseNumber, number - baseNumber <= UInt32(UInt8.max), report.isConsistent,
              (finishBack ?? 0) <= UInt32(UInt16.max),
              report.elapsedMilliseconds >= base.elapsedMilliseconds,
              report.distanceCentimetres >= base.distanceCentimetres,
              report.elapsedMilliseconds - base.elapsedMilliseconds <= UInt32(UInt16.max),
              report.distanceCentimetres - base.distanceCentimetres <= UInt32(UInt16.max)
        else { return nil }
        self.init(
            baseBack: UInt8(number - baseNumber), phase: report.phase, hasFinalResult: report.hasFinalResult,
            elapsedDelta: UInt16(report.elapsedMilliseconds - base.elapsedMilliseconds),
            distanceDelta: UInt16(report.distanceCentimetres - base.distanceCentimetres),
            finishBack: finishBack.map { UInt16($0) }
        )
    }

    /// The full report: `base` plus this delta; nil if a value would pass 32 bits.
    package func applied(to base: ProgressReportDTO) -> ProgressReportDTO? {
        let (elapsed, elapsedOverflow) = base.elapsedMilliseconds.addingReportingOverflow(UInt32(elapsedDelta))
        let (distance, distanceOverflow) = base.distanceCentimetres.addingReportingOverflow(UInt32(distanceDelta))
        guard !elapsedOverflow, !distanceOverflow, UInt32(finishBack ?? 0) <= elapsed else { return nil }
        return ProgressReportDTO(
            phase: phase, hasFinalResult: hasFinalResult, elapsedMilliseconds: elapsed, distanceCentimetres: distance,
            finishMilliseconds: finishBack.map { elapsed - UInt32($0) }
        )
    }
}
