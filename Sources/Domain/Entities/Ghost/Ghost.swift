import Foundation

/// A recorded run racing again: a runner that replays `track` on the race clock from `start` (the
/// race's start instant, as its announcer started). Every peer holding the same ghost computes the same
/// progress from it at the same instant; its result is known in advance, so it never keeps a race
/// waiting (see `progress(at:terms:realRunnersDone:)`).
public struct Ghost: Sendable, Hashable {
    /// Its runner id: `RunnerID.ghost(of:)` its announcer.
    public var id: RunnerID
    /// Its progress over time.
    public var track: GhostTrack
    /// The instant its replay starts, on the race clock (whole milliseconds, as on the wire).
    public var start: Date
    /// The name of the mate that announced it; nil for our own (`Runner.announcedBy`).
    public var announcer: String?

    /// A ghost.
    public init(id: RunnerID, track: GhostTrack, start: Date) {
        self.id = id
        self.track = track
        self.start = Date(timeIntervalSince1970: (start.timeIntervalSince1970 * 1000).rounded() / 1000)
    }

    /// The ghost announced by `announcer`, starting at `start`.
    public init(announcedBy announcer: RunnerID, track: GhostTrack, start: Date) {
        self.init(id: .ghost(of: announcer), track: track, start: start)
    }

    /// The ghost as a runner: its track's name, marked as a ghost (and by whom it was announced).
    public var runner: Runner { Runner(id: id, name: track.name, isGhost: true, announcedBy: announcer) }

    /// Its progress at `now` under `terms`, quantized as replicated progress is: waiting before its
    /// start; running along its track; finished at the instant its track reaches the goal. Once every
    /// real runner is done (`realRunnersDone`), the ghost's result is what its track says: finished at
    /// that instant if the track reaches the goal, else it stops at its last distance and leaves the
    /// ranking (shown as a cancelled runner is), so a race never waits for a ghost.
    public func progress(at now: Date, terms: RaceTerms, realRunnersDone: Bool = false) -> RunnerProgress {
        var progress = RunnerProgress(runner: runner, terms: terms, sequence: 1)
        let elapsed = now.timeIntervalSince(start)
        guard elapsed >= 0 || realRunnersDone else { return progress }
        let goal = terms.goal.metres
        let finish = track.finishTime(goal: goal)
        if let finish, realRunnersDone || elapsed >= finish {
            progress.phase = .finished
            progress.elapsed = finish
            progress.finishTime = finish
            progress.distance = goal
            progress.hasFinalResult = true
        } else if finish == nil, realRunnersDone || elapsed >= track.duration {
            progress.phase = .cancelled
            progress.elapsed = track.duration
            progress.distance = track.finalDistance
            progress.hasFinalResult = true
        } else {
            progress.phase = .running
            progress.elapsed = max(0, elapsed)
            progress.distance = min(goal, track.distance(at: elapsed))
        }
        return progress.quantized()
    }
}
