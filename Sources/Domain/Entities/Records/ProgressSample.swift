import Foundation

/// One runner's distance at one moment of a run, sampled from the replicated standings as the run goes:
/// what the progress chart of a run is drawn from.
public struct ProgressSample: Sendable, Hashable, Codable {
    /// Whose distance: the runner's id in that run (16 hex digits), which tells apart runners who
    /// share a name.
    public var runnerID: String
    /// The runner's name.
    public var runnerName: String
    /// Seconds since that runner started, on the race clock.
    public var elapsed: TimeInterval
    /// Metres covered by then.
    public var distance: Double
    /// In a course race: where that distance is on the course (the runner's matched position); nil
    /// without a course. `export --gpx` draws our own as the matched route.
    public var place: Coordinate?

    /// A sample; `runnerID` defaults to the name.
    public init(runnerName: String, elapsed: TimeInterval, distance: Double, runnerID: String? = nil, place: Coordinate? = nil) {
        self.runnerID = runnerID ?? runnerName
        self.runnerName = runnerName
        self.elapsed = elapsed
        self.distance = distance
        self.place = place
    }
}
