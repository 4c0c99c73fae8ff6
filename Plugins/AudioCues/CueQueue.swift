/// The one queue of cues waiting to be heard, and its policy: speech never piles up.
///
/// - A newer cue replaces a waiting one of the same slot: the old split, the old gap, an older pass of
///   the same mate is no longer news.
/// - The countdown and the start tone go before everything waiting (and cut what is playing:
///   `cuts(_:for:)`).
/// - A cue that waited longer than its kind's `maximumWait` is stale and dropped when its turn comes:
///   a split is never read late.
///
/// Times are seconds on the player's own timeline (the race clock for a WAV, the monotonic clock when
/// playing live): the queue has no clock of its own.
public struct CueQueue: Sendable {
    private var waiting: [(cue: Cue, since: Double)] = []

    /// An empty queue.
    public init() {}

    /// The cues waiting, in the order they would play.
    public var cues: [Cue] { waiting.map(\.cue) }

    /// Queues `cue`, offered at `now`; returns the waiting cues it replaced.
    @discardableResult
    public mutating func offer(_ cue: Cue, at now: Double) -> [Cue] {
        let replaced = waiting.filter { $0.cue.slot == cue.slot }.map(\.cue)
        waiting.removeAll { $0.cue.slot == cue.slot }
        if cue.kind.isUrgent {
            let firstCalm = waiting.firstIndex { !$0.cue.kind.isUrgent } ?? waiting.endIndex
            waiting.insert((cue, now), at: firstCalm)
        } else {
            waiting.append((cue, now))
        }
        return replaced
    }

    /// The cue to play at `now` (nil when none is left), and the cues dropped on the way as stale.
    public mutating func next(at now: Double) -> (cue: Cue?, stale: [Cue]) {
        var stale: [Cue] = []
        while !waiting.isEmpty {
            let (cue, since) = waiting.removeFirst()
            if now - since > cue.kind.maximumWait {
                stale.append(cue)
            } else {
                return (cue, stale)
            }
        }
        return (nil, stale)
    }

    /// Whether `arriving` cuts `playing` short: the countdown always wins over anything else.
    public static func cuts(_ playing: Cue, for arriving: Cue) -> Bool {
        arriving.kind.isUrgent && !playing.kind.isUrgent
    }
}
