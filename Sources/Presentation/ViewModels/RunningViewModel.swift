import Domain
import Foundation

/// The running screen: starts the run when the view is up, ticks the elapsed time, and turns every
/// snapshot of the race into a display-ready board, then the result.
///
/// Every output finishes when the run is over, was stopped, or failed.
public final class RunningViewModel: ViewModelType, Sendable {
    /// What the view model is built with.
    public struct Dependency: Sendable {
        public var race: any RaceSessionUseCase
        public var clock: any RaceClock
        /// Race-clock seconds between elapsed-time updates.
        public var tick: TimeInterval

        public init(race: any RaceSessionUseCase, clock: any RaceClock, tick: TimeInterval = 1) {
            self.race = race
            self.clock = clock
            self.tick = tick
        }
    }

    /// Events from the view.
    public struct Input: Sendable {
        /// The view is ready: the run starts.
        public var viewDidLoad: AsyncStream<Void>
        /// The person asked to stop the run.
        public var stopRequested: AsyncStream<Void>

        public init(viewDidLoad: AsyncStream<Void>, stopRequested: AsyncStream<Void>) {
            self.viewDidLoad = viewDidLoad
            self.stopRequested = stopRequested
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable {
        /// Our elapsed time, `MM:SS` or `HH:MM:SS`, each time it changes.
        public var elapsedTime: AsyncStream<String>
        /// The board after every change of the race.
        public var board: AsyncStream<RaceBoard>
        /// The result, once, when the run is over.
        public var result: AsyncStream<RaceResultDisplay>
        /// Messages: the run was stopped, or failed and why.
        public var notice: AsyncStream<Notice>
    }

    private let dependency: Dependency

    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    public func transform(input: Input) -> Output {
        let elapsed = AsyncStream.makeStream(of: String.self, bufferingPolicy: .unbounded)
        let board = AsyncStream.makeStream(of: RaceBoard.self, bufferingPolicy: .unbounded)
        let result = AsyncStream.makeStream(of: RaceResultDisplay.self, bufferingPolicy: .unbounded)
        let notice = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .unbounded)
        let dependency = self.dependency

        let task = Task {
            defer {
                elapsed.continuation.finish()
                board.continuation.finish()
                result.continuation.finish()
                notice.continuation.finish()
            }
            var loaded = input.viewDidLoad.makeAsyncIterator()
            guard await loaded.next() != nil else { return }
            let timing = RunTiming()

            // Each task returns whether its end ends the run: the run itself ending, or a stop.
            await withTaskGroup(of: Bool.self) { group in
                group.addTask {
                    await Self.tickElapsed(timing: timing, dependency: dependency, into: elapsed.continuation)
                    return false
                }
                group.addTask {
                    var last: RaceSnapshot?
                    var cancelled: Set<RunnerID> = []
                    do {
                        for try await snapshot in dependency.race.snapshots() {
                            await timing.update(snapshot)
                            board.continuation.yield(RaceBoard(snapshot))
                            // A mate who cancels goes on the board as cancelled, and is said once.
                            for standing in snapshot.standings.standings where standing.isCancelled {
                                guard cancelled.insert(standing.runner.id).inserted else { continue }
                                let who = standing.runner.id == snapshot.me ? "you" : standing.runner.name
                                notice.continuation.yield(Notice(level: .info, message: "\(who) cancelled"))
                            }
                            last = snapshot
                        }
                        if let last, last.stage == .complete {
                            await timing.update(last)
                            await timing.show(at: dependency.clock.now, into: elapsed.continuation)
                            result.continuation.yield(RaceResultDisplay(last))
                        }
                    } catch is CancellationError {
                    } catch {
                        notice.continuation.yield(Notice(level: .error, message: "\(error)"))
                    }
                    return true
                }
                group.addTask {
                    for await _ in input.stopRequested {
                        notice.continuation.yield(Notice(level: .info, message: "run stopped"))
                        return true
                    }
                    return false
                }
                while let endsRun = await group.next() {
                    if endsRun { break }
                }
                group.cancelAll()
            }
        }
        let cancel: @Sendable (Any) -> Void = { _ in task.cancel() }
        elapsed.continuation.onTermination = cancel
        board.continuation.onTermination = cancel
        return Output(
            elapsedTime: elapsed.stream, board: board.stream, result: result.stream, notice: notice.stream
        )
    }

    private static func tickElapsed(
        timing: RunTiming, dependency: Dependency, into continuation: AsyncStream<String>.Continuation
    ) async {
        var next = dependency.clock.now
        while !Task.isCancelled {
            await timing.show(at: dependency.clock.now, into: continuation)
            next = next.addingTimeInterval(dependency.tick)
            do { try await dependency.clock.sleep(until: next) } catch { return }
        }
    }
}

/// When our run started and, once finished, how long it took: what the elapsed time is made of.
private actor RunTiming {
    private var startedAt: Date?
    private var finishTime: TimeInterval?
    /// The elapsed time last shown, by the tick or at the end of the run.
    private var shown: String?

    func update(_ snapshot: RaceSnapshot) {
        startedAt = snapshot.startedAt
        finishTime = snapshot.mine?.finishTime
    }

    /// Shows the elapsed time at `now` unless it is what was shown last: the output carries each
    /// change once, whether the tick or the end of the run noticed it.
    func show(at now: Date, into continuation: AsyncStream<String>.Continuation) {
        let text = DisplayFormat.elapsed(elapsed(at: now))
        guard text != shown else { return }
        shown = text
        continuation.yield(text)
    }

    func elapsed(at now: Date) -> TimeInterval {
        if let finishTime { return finishTime }
        guard let startedAt else { return 0 }
        return max(0, now.timeIntervalSince(startedAt))
    }
}
