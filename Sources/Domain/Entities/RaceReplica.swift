import Foundation

/// One peer's copy of every runner's progress. Updates are applied by sequence number, so any
/// arrival order, duplicates or loss of superseded updates give the same replica.
public struct RaceReplica: Sendable {
    /// What applying one update did.
    public enum ApplyOutcome: Sendable, Equatable {
        case applied
        /// Not newer than what we have (a duplicate, a reordered old update or a heartbeat).
        case stale
        /// Sent under other terms (another goal or mode): not part of this run.
        case otherTerms
    }

    /// The run this replica belongs to.
    public let terms: RaceTerms
    /// The latest progress of every runner heard from (ourselves included).
    public private(set) var progress = RunnerProgressTable()
    /// When each runner was last heard from, on the local clock.
    public private(set) var lastHeard: [RunnerID: Date] = [:]
    /// Updates refused because they belong to another run, by runner.
    public private(set) var otherTerms: [RunnerID: RunnerProgress] = [:]

    /// An empty replica of the run under these terms.
    public init(terms: RaceTerms) {
        self.terms = terms
    }

    /// Applies one update heard at `instant`.
    @discardableResult
    public mutating func apply(_ update: RunnerProgress, heardAt instant: Date) -> ApplyOutcome {
        guard update.terms == terms else {
            otherTerms[update.runner.id] = update
            return .otherTerms
        }
        let id = update.runner.id
        lastHeard[id] = max(lastHeard[id] ?? instant, instant)
        return progress.replace(with: update) ? .applied : .stale
    }

    /// Runners (other than `me`) not heard from for longer than `timeout` at `now`, in any phase.
    public func silent(at now: Date, after timeout: TimeInterval, excluding me: RunnerID) -> Set<RunnerID> {
        Set(lastHeard.compactMap { id, heard in
            id != me && now.timeIntervalSince(heard) > timeout ? id : nil
        })
    }

    /// Runners shown as lost: silent for longer than `timeout` and neither finished nor cancelled. A
    /// runner who has finished (or cancelled) is never lost: its progress is final, and its peer may
    /// rightly have stopped sending. A lost runner rejoins as soon as it is heard from again.
    public func lost(at now: Date, after timeout: TimeInterval, excluding me: RunnerID) -> Set<RunnerID> {
        silent(at: now, after: timeout, excluding: me).filter { progress[$0]?.phase.isFinal != true }
    }

    /// The standings from what this replica holds.
    public func standings(lost: Set<RunnerID> = []) -> RaceStandings {
        ResolveRace.standings(of: progress.values, terms: terms, lost: lost)
    }
}

/// Every runner's latest progress, in the order each was first heard and by id: the standings take
/// the values as they are (an array shared, not copied out of a dictionary at every step of a race).
public struct RunnerProgressTable: Sendable {
    /// Each runner's latest progress, in the order first heard.
    public private(set) var values: [RunnerProgress] = []
    /// Where each runner's progress is in `values`.
    private var positions: [RunnerID: Int] = [:]

    /// An empty table.
    public init() {}

    /// `id`'s latest progress, if heard from.
    public subscript(id: RunnerID) -> RunnerProgress? {
        positions[id].map { values[$0] }
    }

    /// The runners heard from, in the order first heard.
    public var keys: LazyMapCollection<[RunnerProgress], RunnerID> {
        values.lazy.map(\.runner.id)
    }

    public var count: Int { values.count }
    public var isEmpty: Bool { values.isEmpty }

    /// Keeps `update` as its runner's progress unless what is there has the same or a later sequence
    /// number; returns whether it did.
    mutating func replace(with update: RunnerProgress) -> Bool {
        let id = update.runner.id
        guard let position = positions[id] else {
            positions[id] = values.count
            values.append(update)
            return true
        }
        guard values[position].sequence < update.sequence else { return false }
        values[position] = update
        return true
    }
}

extension RunnerProgressTable: Equatable {
    /// The same progress for the same runners, whatever order they were heard in (as two dictionaries).
    public static func == (lhs: RunnerProgressTable, rhs: RunnerProgressTable) -> Bool {
        lhs.count == rhs.count && lhs.values.allSatisfy { rhs[$0.runner.id] == $0 }
    }
}
