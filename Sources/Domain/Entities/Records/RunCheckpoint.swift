import Foundation

/// What is written to a run's record in one transaction as the run goes: the route points and progress
/// samples since the last checkpoint, and the current figures, results and status (the last checkpoint
/// of a run carries its final status).
public struct RunCheckpoint: Sendable, Hashable {
    /// The run written to.
    public var runID: String
    /// New route points, appended.
    public var route: [RoutePoint]
    /// New progress samples, appended.
    public var samples: [ProgressSample]
    /// New cheers, appended.
    public var cheers: [RecordedCheer]
    /// Our distance so far, replacing the stored one.
    public var distance: Double
    /// Our time so far.
    public var duration: TimeInterval
    /// Our kilocalories so far.
    public var kilocalories: Double
    /// Every runner's line now, replacing the stored ones (none: keep the stored ones).
    public var results: [RunnerResult]
    /// `interrupted` while the run goes on; its final status at the end.
    public var status: RunStatus

    /// A checkpoint.
    public init(
        runID: String, route: [RoutePoint] = [], samples: [ProgressSample] = [], cheers: [RecordedCheer] = [],
        distance: Double, duration: TimeInterval, kilocalories: Double, results: [RunnerResult] = [],
        status: RunStatus = .interrupted
    ) {
        self.runID = runID
        self.route = route
        self.samples = samples
        self.cheers = cheers
        self.distance = distance
        self.duration = duration
        self.kilocalories = kilocalories
        self.results = results
        self.status = status
    }
}
