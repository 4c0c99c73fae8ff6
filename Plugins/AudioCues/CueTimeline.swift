/// Lays cues on the race's own timeline, for a WAV file: each cue plays at its instant, or when the
/// one before it has ended, under `CueQueue`'s policy, as a live player would have played them had
/// the race been run in real time. Deterministic: the same frames give the same file.
public struct CueTimeline: Sendable {
    /// A cue given its place: from `start`, for `duration` seconds (shorter than its sound when cut).
    public struct Placement: Sendable, Equatable {
        public var cue: Cue
        public var start: Double
        public var duration: Double
        public var cut: Bool
    }

    private var queue = CueQueue()
    private var playing: Placement?
    private var idleSince = 0.0

    /// An empty timeline.
    public init() {}

    /// Offers `cue` at its instant; `length` tells how long a cue sounds, in seconds (called once for
    /// each cue that gets to play). Returns what was settled by then, in order: placements that ended
    /// or were cut, and the cues replaced or gone stale.
    public mutating func offer(_ cue: Cue, length: (Cue) -> Double) -> [(cue: Cue, outcome: CueOutcome)] {
        var settled = advance(to: cue.seconds, length: length)
        if let current = playing, current.start + current.duration > cue.seconds, CueQueue.cuts(current.cue, for: cue) {
            let duration = max(0, cue.seconds - current.start)
            settled.append((current.cue, .played(start: current.start, duration: duration, cut: true)))
            playing = nil
            idleSince = cue.seconds
        }
        settled += queue.offer(cue, at: cue.seconds).map { ($0, .replaced) }
        return settled + advance(to: cue.seconds, length: length)
    }

    /// Plays out everything still waiting; returns what that settled.
    public mutating func finish(length: (Cue) -> Double) -> [(cue: Cue, outcome: CueOutcome)] {
        advance(to: .infinity, length: length)
    }

    /// The end of the last sound placed so far.
    public var end: Double { playing.map { $0.start + $0.duration } ?? idleSince }

    private mutating func advance(to now: Double, length: (Cue) -> Double) -> [(cue: Cue, outcome: CueOutcome)] {
        var settled: [(cue: Cue, outcome: CueOutcome)] = []
        while true {
            if let current = playing {
                let end = current.start + current.duration
                guard end <= now else { break }
                settled.append((current.cue, .played(start: current.start, duration: current.duration, cut: false)))
                playing = nil
                idleSince = end
            }
            guard idleSince <= now else { break }
            let (next, stale) = queue.next(at: idleSince)
            settled += stale.map { ($0, .stale) }
            guard let next else { idleSince = max(idleSince, now.isFinite ? now : idleSince); break }
            let start = max(idleSince, next.seconds)
            playing = Placement(cue: next, start: start, duration: max(0, length(next)), cut: false)
        }
        return settled
    }
}
