import Domain
import Foundation
import FrontEndKit

/// The running screen: starts the run when the view is up, ticks the elapsed time, turns every
/// snapshot of the race into a display-ready status, then the result; cancels the run on a confirmed
/// cancel, and sends and shows the mates' cheers.
///
/// Every output finishes when the run is over, was stopped, or failed.
public final class RunningViewModel: ViewModelType, Sendable {
    /// Who looks at the screen: what its person can do to the run.
    public enum Role: Sendable, Equatable {
        /// A runner of the run: stops, cancels (confirmed), and cheers when there are cheers.
        case runner
        /// A spectator: sees the run and the runners' cheers, and can only stop watching.
        case spectator
    }

    /// The warning of an open race: short enough for a 40-column terminal.
    public static let openRaceNotice = "open race: see --race-key-file"

    /// A spectator: who watches and how long it waits for a race (in real seconds), and whether the
    /// runners of an invited race refuse it as not paired with any of them.
    public struct Watcher: Sendable {
        /// Looks in a row that find the spectator refused before the not-paired advice is said, once:
        /// another runner's grant may be on its way.
        public static let refusedLooksBeforeAdvice = 4

        public var name: String
        public var wait: TimeInterval
        /// Whether runners refuse this spectator as not paired now, and none admitted it.
        public var refusedAsNotPaired: @Sendable () -> Bool
        /// Race-clock seconds between two looks at `refusedAsNotPaired` (the spectator's heartbeat).
        public var heartbeat: TimeInterval

        /// A spectator `name` waiting `wait` seconds, looking every `heartbeat` whether it is refused.
        public init(
            name: String, wait: TimeInterval, heartbeat: TimeInterval,
            refusedAsNotPaired: @escaping @Sendable () -> Bool
        ) {
            self.name = name
            self.wait = wait
            self.heartbeat = heartbeat
            self.refusedAsNotPaired = refusedAsNotPaired
        }
    }

    /// What the view model is built with.
    public struct Dependency: Sendable {
        /// The run (or a spectator's view of one).
        public var race: any RaceSessionUseCase
        /// Cheers to and from the mates (a spectator's are only heard); nil where there are none.
        public var cheers: (any CheerUseCase)?
        /// The clock the elapsed time ticks on.
        public var clock: any RaceClock
        /// Race-clock seconds between elapsed-time updates.
        public var tick: TimeInterval
        /// A runner's screen or a spectator's.
        public var role: Role
        /// Our position source's states, shown beside the board; nil where there is none (a spectator).
        public var positions: (@Sendable () -> AsyncStream<PositionStatus>)?
        /// The least real time between two snapshots taken from the race, read before each wait: the
        /// status needs no more than the screen draws (`FrontEndBinder.statusInterval`, slower under
        /// overload). Snapshots are state: after a wait the newest is taken and the ones between are never
        /// looked at, recorded or drawn (a finish, a cancel, the result stay in the newest). Zero takes every one.
        public var snapshotInterval: @Sendable () -> Duration
        /// Sleeps a real duration (throwing when cancelled): the waits of the status's pace and of
        /// `snapshotInterval`. `Task.sleep` by default; the application passes the sleep of the thread
        /// that runs its tasks (docs/ARCHITECTURE.md, "One thread"), which wakes no other thread.
        public var realSleep: @Sendable (Duration) async throws -> Void
        /// Returns once what is ready to run now has run (the jobs of the thread's current turn): a view
        /// woken by a change waits for it before it takes the status, so that changes made in one turn (a
        /// fix and the elapsed-time tick, ended by one timer) make one status, not two. Nothing by
        /// default; the application passes its event loop's (`FlowEnvironment.settle`).
        public var settle: @Sendable () async -> Void
        /// The datagrams refused as signs of forgery so far (counts since the run started), once per
        /// `RefusalNotices.interval`: each growth is said as a warning notice. Nil where there are none
        /// (a spectator, the demo).
        public var refusals: (@Sendable () -> AsyncStream<[RefusedDatagrams]>)?
        /// The course the run goes along, and its terms: drawn once, before the first status (`Output.course`).
        public var course: (course: LappedCourse, terms: CourseTerms)?
        /// An open race with mates (no race key): anyone on the network may send progress, said once,
        /// first (`Output.openingNotices`).
        public var openRace: Bool
        /// A spectator's wait for a race, said first, and the not-paired advice, said once when runners
        /// keep refusing it (`Watcher.refusedLooksBeforeAdvice`); nil for a runner.
        public var watcher: Watcher?

        /// A running screen of `race`, ticking every `tick` seconds of `clock`, for `role`.
        public init(
            race: any RaceSessionUseCase, cheers: (any CheerUseCase)? = nil, clock: any RaceClock, tick: TimeInterval = 1,
            role: Role = .runner, positions: (@Sendable () -> AsyncStream<PositionStatus>)? = nil,
            snapshotInterval: @escaping @Sendable () -> Duration = { .zero },
            realSleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
            settle: @escaping @Sendable () async -> Void = {},
            refusals: (@Sendable () -> AsyncStream<[RefusedDatagrams]>)? = nil,
            course: (course: LappedCourse, terms: CourseTerms)? = nil, openRace: Bool = false, watcher: Watcher? = nil
        ) {
            self.course = course
            self.openRace = openRace
            self.watcher = watcher
            self.race = race
            self.cheers = cheers
            self.clock = clock
            self.tick = tick
            self.role = role
            self.positions = positions
            self.snapshotInterval = snapshotInterval
            self.realSleep = realSleep
            self.settle = settle
            self.refusals = refusals
        }

        /// The input events the screen takes, as front-ends name them (`FrontEndInputEvent.Kind`):
        /// what a front-end may offer its person.
        public var inputs: [FrontEndInputEvent.Kind] {
            switch role {
            case .runner: cheers == nil ? [.stop, .cancel] : [.stop, .cancel, .cheer]
            case .spectator: [.stop]
            }
        }
    }

    /// Events from the view.
    public struct Input: Sendable {
        /// The view is ready: the run starts.
        public var viewDidLoad: AsyncStream<Void>
        /// The person asked to stop the run (a stop key, Ctrl-C).
        public var stopRequested: AsyncStream<Void>
        /// The person confirmed cancelling the run: the mates are told, the run ends cancelled.
        /// Not read on a spectator's screen.
        public var cancelConfirmed: AsyncStream<Void>
        /// The person cheers a mate, or every mate. Not read on a spectator's screen.
        public var cheerRequested: AsyncStream<CheerRequest>

        /// The view's events; the ones not given never happen.
        public init(
            viewDidLoad: AsyncStream<Void>, stopRequested: AsyncStream<Void>,
            cancelConfirmed: AsyncStream<Void> = AsyncStream { $0.finish() },
            cheerRequested: AsyncStream<CheerRequest> = AsyncStream { $0.finish() }
        ) {
            self.viewDidLoad = viewDidLoad
            self.stopRequested = stopRequested
            self.cancelConfirmed = cancelConfirmed
            self.cheerRequested = cheerRequested
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable {
        /// The elapsed time and the board, whenever either changes, pulled at the view's pace: state, the
        /// latest only for a slow view.
        public var status: RunningStatusFeed
        /// Every cheer received from a mate.
        public var cheer: AsyncStream<FrontEndCheer>
        /// The result, once, when the run is over: complete, stopped or cancelled.
        public var result: AsyncStream<RunningResult>
        /// Messages: a mate cancelled, the run was stopped, a cheer was refused, datagrams about a runner
        /// were refused and from where, the run failed and why.
        public var notice: AsyncStream<Notice>
        /// The course drawn before the first status; nil off a course.
        public var course: FrontEndCourse?
        /// Notices said once, before the first status (an open race's warning).
        public var openingNotices: [Notice]

        /// Outputs made of this feed and these streams (a view model's, or a test's).
        public init(
            status: RunningStatusFeed, cheer: AsyncStream<FrontEndCheer>, result: AsyncStream<RunningResult>,
            notice: AsyncStream<Notice>, course: FrontEndCourse? = nil, openingNotices: [Notice] = []
        ) {
            self.course = course
            self.openingNotices = openingNotices
            self.status = status
            self.cheer = cheer
            self.result = result
            self.notice = notice
        }
    }

    private let dependency: Dependency

    /// A view model built with `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    public func transform(input: Input) -> Output {
        // The status is state, pulled by the view at its own rate: it takes the newest (intermediate
        // ones are skipped, never queued or even made). Cheers, results and notices are events: all kept.
        let clock = dependency.clock
        let state = RunningState(inputs: dependency.inputs.map(\.rawValue), now: { clock.now }, tickPeriod: dependency.tick)
        let cheer = AsyncStream.makeStream(of: FrontEndCheer.self, bufferingPolicy: .unbounded)
        let result = AsyncStream.makeStream(of: RunningResult.self, bufferingPolicy: .unbounded)
        let notice = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .unbounded)
        let dependency = self.dependency
        let outputs = Continuations(cheer: cheer.continuation, result: result.continuation, notice: notice.continuation)

        let task = Task {
            var loaded = input.viewDidLoad.makeAsyncIterator()
            if await loaded.next() != nil {
                await Self.run(input: input, dependency: dependency, state: state, outputs: outputs)
            }
            await state.finish()
            outputs.finish()
        }
        let (sleep, settle, race) = (dependency.realSleep, dependency.settle, dependency.race)
        // Before a status is taken, the step the run owes to mates' updates (if any) is made, and its
        // snapshot let in: a status shows every update heard.
        let flush: @Sendable () async -> Void = { if await race.makeOwedStep() { await settle() } }
        // A view cancelled while it waits for a status ends the run.
        let status = RunningStatusFeed { notBefore in
            await withTaskCancellationHandler {
                await state.next(notBefore: notBefore, sleep: sleep, settle: settle, flush: flush)
            } onCancel: {
                task.cancel()
            }
        }
        return Output(
            status: status, cheer: cheer.stream, result: result.stream, notice: notice.stream,
            course: dependency.course.map { FrontEndCourse($0.course, terms: $0.terms) },
            openingNotices: Self.openingNotices(dependency)
        )
    }

    /// What the screen says before its first status: an open race's warning; a spectator's wait, in real
    /// seconds, until the first runner is heard.
    static func openingNotices(_ dependency: Dependency) -> [Notice] {
        var notices: [Notice] = []
        if dependency.openRace { notices.append(Notice(level: .warning, message: openRaceNotice)) }
        if let watcher = dependency.watcher {
            let waiting = "\(watcher.name) is watching: waiting up to \(Int(watcher.wait.rounded())) s for a race"
            notices.append(Notice(level: .info, message: waiting))
        }
        return notices
    }

    /// The event outputs' continuations (the status is pulled from `RunningState`).
    struct Continuations: Sendable {
        let cheer: AsyncStream<FrontEndCheer>.Continuation
        let result: AsyncStream<RunningResult>.Continuation
        let notice: AsyncStream<Notice>.Continuation

        func say(_ level: Notice.Level, _ message: String) {
            notice.yield(Notice(level: level, message: message))
        }

        func finish() {
            cheer.finish()
            result.finish()
            notice.finish()
        }
    }
}
