import Domain

/// A progress message as a delta (type 12): the change since a base state that the receiver
/// acknowledged, `baseBack` datagram numbers before this one (docs/PROTOCOL.md, "Deltas").
public struct ProgressDeltaDTO: Sendable, Hashable {
    /// This datagram's number minus the base's, 1 … 255.
    public var baseBack: UInt8
    /// Waiting, running or cancelled (a finished state is always sent in full, with its finish time).
    public var phase: RunnerPhase
    /// The sender has every runner's final state.
    public var hasFinalResult: Bool
    /// Milliseconds added to the base's elapsed time.
    public var elapsedDelta: UInt16
    /// Centimetres added to the base's distance.
    public var distanceDelta: UInt16

    /// A delta; `ProgressDeltas` makes them.
    public init(baseBack: UInt8, phase: RunnerPhase, hasFinalResult: Bool, elapsedDelta: UInt16, distanceDelta: UInt16) {
        self.baseBack = baseBack
        self.phase = phase
        self.hasFinalResult = hasFinalResult
        self.elapsedDelta = elapsedDelta
        self.distanceDelta = distanceDelta
    }

    /// The delta from `base` (numbered `baseNumber`) to `report` (numbered `number`), or nil when it
    /// does not fit: too far back, finished, or values that went down or grew past 16 bits.
    public init?(from base: ProgressReportDTO, baseNumber: UInt32, to report: ProgressReportDTO, number: UInt32) {
        guard number > baseNumber, number - baseNumber <= UInt32(UInt8.max), report.phase != .finished,
              report.elapsedMilliseconds >= base.elapsedMilliseconds,
              report.distanceCentimetres >= base.distanceCentimetres,
              report.elapsedMilliseconds - base.elapsedMilliseconds <= UInt32(UInt16.max),
              report.distanceCentimetres - base.distanceCentimetres <= UInt32(UInt16.max)
        else { return nil }
        self.init(
            baseBack: UInt8(number - baseNumber), phase: report.phase, hasFinalResult: report.hasFinalResult,
            elapsedDelta: UInt16(report.elapsedMilliseconds - base.elapsedMilliseconds),
            distanceDelta: UInt16(report.distanceCentimetres - base.distanceCentimetres)
        )
    }

    /// The full report: `base` plus this delta; nil if a value would pass 32 bits.
    public func applied(to base: ProgressReportDTO) -> ProgressReportDTO? {
        let (elapsed, elapsedOverflow) = base.elapsedMilliseconds.addingReportingOverflow(UInt32(elapsedDelta))
        let (distance, distanceOverflow) = base.distanceCentimetres.addingReportingOverflow(UInt32(distanceDelta))
        guard !elapsedOverflow, !distanceOverflow else { return nil }
        return ProgressReportDTO(
            phase: phase, hasFinalResult: hasFinalResult, elapsedMilliseconds: elapsed, distanceCentimetres: distance,
            finishMilliseconds: nil
        )
    }
}
