import Domain
import Foundation
import Logging
import Synchronization
import SyncCore
import SyncWire

/// What a runner keeps of its own race so that a restarted process (`run --id HEX`) resumes from its own
/// word and never from anybody else's (docs/PROTOCOL.md, "Restart and catch-up"): its last published
/// state and a reservation of its datagram numbers (every number below it may have been used). Kept in
/// the data directory as `own-state-<id>.json`, mode 0600 in the 0700 folder, while the run lasts:
/// removed when it ends, ignored and removed when older than `maximumAge` or damaged.
public struct OwnStateStore: Sendable {
    /// After this long a kept state is stale (no race lasts that long): removed, not resumed.
    public static let maximumAge: TimeInterval = KeptRunFiles<KeptOwnState>.maximumAge

    let files: KeptRunFiles<KeptOwnState>
    var directory: URL { files.directory }

    /// The store in `directory` (usually `DataDirectory.resolve()`).
    public init(directory: URL) {
        self.files = KeptRunFiles(directory: directory, prefix: "own-state")
    }

    /// The file of `runner`'s own state.
    func file(of runner: RunnerID) -> SecretFile { files.file(of: runner) }

    /// Keeps `kept`, replacing what `kept.runner` kept before (written whole, then renamed over it).
    func save(_ kept: KeptOwnState) throws { try files.save(kept) }

    /// `runner`'s kept state if there is a fresh, readable, consistent one at `now`; a stale or damaged
    /// one is removed.
    func load(_ runner: RunnerID, now: Date = Date()) -> KeptOwnState? {
        files.load(runner, now: now) { kept in
            kept.numbersBelow <= SyncOutbox.highestKeptNumber && (kept.state?.isConsistent ?? true)
        }
    }

    /// Forgets `runner`'s kept state.
    func remove(_ runner: RunnerID) { files.remove(runner) }
}

/// The layout of a runner's kept own state (`OwnStateStore`).
struct KeptOwnState: KeptRunRecord, Sendable, Equatable {
    var version = 1
    var runner: RunnerID
    /// Every datagram number of ours below this may have been used: a restarted process starts here.
    var numbersBelow: UInt32
    /// The last state we published in a race (nil before the first one that was running or final).
    var state: State?
    var savedAt: Date

    /// One published state, with the race it belongs to.
    struct State: Codable, Sendable, Equatable {
        /// The race key's public id (nil: an open race): a kept state is resumed only in the same race.
        var race: String?
        var terms: RaceTerms
        var phase: RunnerPhase
        var elapsedMilliseconds: UInt32
        var distanceCentimetres: UInt32
        var finishMilliseconds: UInt32?

        /// `progress` as published in `race`.
        init(_ progress: RunnerProgress, race: String?) {
            let report = ProgressReportDTO(progress)
            self.race = race
            terms = progress.terms
            phase = report.phase
            elapsedMilliseconds = report.elapsedMilliseconds
            distanceCentimetres = report.distanceCentimetres
            finishMilliseconds = report.finishMilliseconds
        }

        /// A finish time when finished only, never after the elapsed time; never waiting.
        var isConsistent: Bool {
            guard phase != .waiting else { return false }
            return switch finishMilliseconds {
            case .some(let finish): phase == .finished && finish <= elapsedMilliseconds
            case .none: phase != .finished
            }
        }

        /// The state as our runner's progress, numbered `sequence`.
        func progress(of runner: Runner, sequence: UInt32) -> RunnerProgress {
            ProgressReportDTO(
                phase: phase, hasFinalResult: false, elapsedMilliseconds: elapsedMilliseconds,
                distanceCentimetres: distanceCentimetres, finishMilliseconds: finishMilliseconds
            ).toDomain(runner: runner, terms: terms, sequence: sequence)
        }
    }
}

/// Keeps our runner's own state and datagram numbers in its `OwnStateStore` while it runs, and hands a
/// restarted process the state its earlier process kept, once, at its first publish in the same race
/// (same terms, same race key). The writes are few: the numbers once per `SyncOutbox.reservationBlock`
/// / 2 datagrams, the state at most once per `stateSpacing` of wall time (at once when its phase changes),
/// each written whole in place with one encoder (`SecretFileRewriter`), as the state is written up to
/// twice a second.
final class OwnStateKeeper: Sendable {
    /// The most often a state that only moved on (same phase) is written, in µs of wall time (a heartbeat).
    static let stateSpacing: UInt64 = 500_000

    private struct Kept {
        var file: KeptOwnState
        /// What the earlier process kept, until the first publish takes it (or finds it is another race).
        var resumable: KeptOwnState.State?
        var lastStateWrite: UInt64?
        /// Whether a write failed already (said once).
        var failed = false
        /// The file's encoder, made once.
        let encoder = KeptRunFiles<KeptOwnState>.encoder()
    }

    let store: OwnStateStore
    let runner: RunnerID
    private let logger: Logger?
    private let kept: Mutex<Kept>
    /// The file, written whole each time.
    private let writer: SecretFileRewriter

    /// A keeper for `runner` in `store`; `earlier` is what an earlier process of this runner kept, if any.
    init(store: OwnStateStore, runner: RunnerID, earlier: KeptOwnState?, logger: Logger?) {
        self.store = store
        self.runner = runner
        self.logger = logger
        writer = SecretFileRewriter(store.file(of: runner))
        kept = Mutex(Kept(
            file: KeptOwnState(runner: runner, numbersBelow: earlier?.numbersBelow ?? 1, state: earlier?.state, savedAt: Date()),
            resumable: earlier?.state
        ))
    }

    /// The state the earlier process kept, as our progress, if `progress` (a publish of ours) is in the
    /// same race (terms, and the public id of `key`): taken once.
    func resumed(for progress: RunnerProgress, key: RaceKey?) -> RunnerProgress? {
        kept.withLock { kept in
            guard progress.runner.id == runner, let earlier = kept.resumable, earlier.terms == progress.terms,
                  earlier.race == key?.publicID
            else { return nil }
            kept.resumable = nil
            return earlier.progress(of: progress.runner, sequence: max(1, kept.file.numbersBelow &- 1))
        }
    }

    /// Writes `numbersBelow` (a reservation due, if any) and `progress` (our state just published under
    /// `key`) when it is due, at `now` (µs of wall time).
    func keep(numbersBelow: UInt32?, progress: RunnerProgress? = nil, key: RaceKey? = nil, now: UInt64 = SyncClocks.wallMicroseconds()) {
        kept.withLock { kept in
            var changed = false
            if let numbersBelow, numbersBelow > kept.file.numbersBelow {
                kept.file.numbersBelow = numbersBelow
                changed = true
            }
            if let progress, progress.runner.id == runner, progress.phase != .waiting {
                let due = kept.lastStateWrite.map { now < $0 || now - $0 >= Self.stateSpacing } ?? true
                let state = due || progress.phase != kept.file.state?.phase ? KeptOwnState.State(progress, race: key?.publicID) : nil
                if let state, state != kept.file.state {
                    kept.file.state = state
                    kept.lastStateWrite = now
                    changed = true
                }
            }
            guard changed else { return }
            kept.file.savedAt = Date()
            do {
                try writer.write(try kept.encoder.encode(kept.file))
            } catch {
                guard !kept.failed else { return }
                kept.failed = true
                logger?.warning("""
                    could not keep this runner's state in \(store.directory.path) (\(error)): a restart with --id \(runner) \
                    would not resume this race; check that the data directory is writable
                    """)
            }
        }
    }

    /// The run is over: nothing of it is kept.
    func remove() {
        store.remove(runner)
    }
}
