import Foundation

/// One runner's distance at one moment of a run, sampled from the replicated standings as the run goes:
/// what the progress chart of a run is drawn from.
public struct ProgressSample: Sendable, Hashable, Codable {
    /// Whose distance.
    public var runnerName: String
    /// Seconds since that runner started, on the race clock.
    public var elapsed: TimeInterval
    /// Metres covered by then.
    public var distance: Double

    /// A sample.
    public init(runnerName: String, elapsed: TimeInterval, distance: Double) {
        self.runnerName = runnerName
        self.elapsed = elapsed
        self.distance = distance
    }
}
