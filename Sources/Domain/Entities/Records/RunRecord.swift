import Foundation

/// One run of our runner as the record store keeps it: the terms, our own figures, our route, every
/// runner's result and progress samples, the cheers, and how the run ended.
public struct RunRecord: Sendable, Hashable, Identifiable {
    /// A unique id (a UUID string), what `records show` and `export` take.
    public var id: String
    /// Our runner's name in that run.
    public var runnerName: String
    /// Mode and goal.
    public var terms: RaceTerms
    /// When our runner started, on the race clock.
    public var startedAt: Date
    /// Metres our runner covered.
    public var distance: Double
    /// Seconds our runner ran (the finish time once finished).
    public var duration: TimeInterval
    /// Kilocalories our runner burned.
    public var kilocalories: Double
    /// Finished, cancelled, stopped, or interrupted (the run never reached its end).
    public var status: RunStatus
    /// Our runner's route, oldest first.
    public var route: [RoutePoint]
    /// Every runner's final (or last known) line, best rank first, unranked last.
    public var results: [RunnerResult]
    /// Every runner's distance over time, oldest first.
    public var samples: [ProgressSample]
    /// Cheers sent and received during the run.
    public var cheers: [RecordedCheer]
    /// A run of `materunner demo`: listed, but left out of the totals.
    public var isDemo: Bool

    /// A record; a new run starts as `interrupted` with nothing run yet.
    public init(
        id: String, runnerName: String, terms: RaceTerms, startedAt: Date, distance: Double = 0,
        duration: TimeInterval = 0, kilocalories: Double = 0, status: RunStatus = .interrupted,
        route: [RoutePoint] = [], results: [RunnerResult] = [], samples: [ProgressSample] = [],
        cheers: [RecordedCheer] = [], isDemo: Bool = false
    ) {
        self.isDemo = isDemo
        self.id = id
        self.runnerName = runnerName
        self.terms = terms
        self.startedAt = startedAt
        self.distance = distance
        self.duration = duration
        self.kilocalories = kilocalories
        self.status = status
        self.route = route
        self.results = results
        self.samples = samples
        self.cheers = cheers
    }

    /// Our own result line, if the record has one.
    public var mine: RunnerResult? { results.first { $0.isMe } }

    /// Our runner's rank (nil when unranked or unknown).
    public var rank: Int? { mine.flatMap { $0.rank == Standing.unranked ? nil : $0.rank } }

    /// Our rank among the runners who ran (ghosts left out: a ghost's place counts for nothing); nil
    /// when unranked or unknown.
    public var rankAmongRunners: Int? {
        guard let mine = rank else { return nil }
        return results.filter { !$0.isGhost && !$0.isMe && $0.rank != Standing.unranked && $0.rank < mine }.count + 1
    }

    /// A win, as `records totals` counts it: a race (mode race) our runner finished first among the
    /// runners who ran, with at least one other runner (not a ghost) in it. Beating only a ghost, or
    /// finishing behind a ghost, changes nothing here.
    public var isWin: Bool {
        terms.mode == .race && mine?.phase == .finished && rankAmongRunners == 1
            && results.contains { !$0.isGhost && !$0.isMe }
    }

    /// The ghosts that raced with our runner.
    public var ghosts: [RunnerResult] { results.filter(\.isGhost) }

    /// Cheers our runner received.
    public var cheersReceived: Int { cheers.filter { $0.recipient == runnerName }.count }

    /// The calendar month (UTC) the run started in.
    public var month: RecordMonth { RecordMonth(containing: startedAt) }
}
