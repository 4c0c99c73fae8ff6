import Foundation

/// Where a runner is in the run, as its own peer (the only authority over it) reports it.
public enum RunnerPhase: UInt8, Sendable, Hashable, Codable {
    /// Ready, waiting for the mates to show up.
    case waiting = 0
    /// Running toward the goal.
    case running = 1
    /// Reached the goal (in a team: the team did); `finishTime` is set.
    case finished = 2
    /// Stopped by the runner before the goal: out of the ranking, shown as cancelled; the others go on.
    case cancelled = 3

    /// Whether this runner's progress will not change any more.
    public var isFinal: Bool { self == .finished || self == .cancelled }
}

/// One runner's progress as replicated to every peer. Each peer applies the highest `sequence` it has
/// seen, so applying the same updates in any order, with duplicates, gives the same state.
public struct RunnerProgress: Sendable, Hashable {
    /// Who this progress is about.
    public var runner: Runner
    /// The run it belongs to.
    public var terms: RaceTerms
    /// Increases with every change of the authority's state; a repeat of a sequence is a duplicate. A
    /// peer receives the sender's datagram number here (docs/PROTOCOL.md), which increases with every
    /// datagram and so with every change too.
    public var sequence: UInt32
    /// Waiting, running, finished or cancelled.
    public var phase: RunnerPhase
    /// Seconds since this runner started, on the race clock.
    public var elapsed: TimeInterval
    /// Metres covered.
    public var distance: Double
    /// Seconds from start to the instant the goal was reached, interpolated between fixes.
    public var finishTime: TimeInterval?
    /// Whether this runner's peer has every runner's final state, so that it can show the result.
    public var hasFinalResult: Bool
    /// In a course race: whether the runner is off course (more than 50 m from it for 30 s,
    /// `CourseMatcherSettings`); its progress is held until it is back.
    public var isOffCourse: Bool

    /// A runner's progress; everything but who and which run defaults to "nothing yet".
    public init(
        runner: Runner,
        terms: RaceTerms,
        sequence: UInt32 = 0,
        phase: RunnerPhase = .waiting,
        elapsed: TimeInterval = 0,
        distance: Double = 0,
        finishTime: TimeInterval? = nil,
        hasFinalResult: Bool = false,
        isOffCourse: Bool = false
    ) {
        self.runner = runner
        self.terms = terms
        self.sequence = sequence
        self.phase = phase
        self.elapsed = elapsed
        self.distance = distance
        self.finishTime = finishTime
        self.hasFinalResult = hasFinalResult
        self.isOffCourse = isOffCourse
    }
}

extension RunnerProgress {
    /// Progress is replicated in whole centimetres and whole milliseconds. A peer records its own
    /// runner at that precision too, so that every replica holds exactly the same values and so
    /// computes exactly the same standings.
    public func quantized() -> RunnerProgress {
        var copy = self
        copy.elapsed = Self.quantize(elapsed, step: 1000)
        copy.distance = Self.quantize(distance, step: 100)
        copy.finishTime = finishTime.map { Self.quantize($0, step: 1000) }
        return copy
    }

    /// Whether this progress only moves its runner on from `before`: the same runner (name), terms,
    /// phase, final result, finish time and course state; only its sequence, time and distance differ.
    /// Such an update may wait for the race's next step (`RaceSessionConfiguration.stepSpacing`).
    public func onlyMovesOn(from before: RunnerProgress) -> Bool {
        runner == before.runner && terms == before.terms && phase == before.phase
            && hasFinalResult == before.hasFinalResult && finishTime == before.finishTime && isOffCourse == before.isOffCourse
    }

    private static func quantize(_ value: Double, step: Double) -> Double {
        guard value.isFinite, value > 0 else { return 0 }
        return (value * step).rounded() / step
    }
}
