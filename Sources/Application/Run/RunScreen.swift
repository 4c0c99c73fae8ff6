import Domain
import Logging
import Presentation

/// The running screen of a run, a spectator or the demo: the running view model (and the world
/// clock, if asked for) bound to the front-ends until the run is over.
struct RunScreen {
    let binder: FrontEndBinder
    let clock: any RaceClock
    let interrupts: @Sendable () -> AsyncStream<Void>
    /// The screens' real-time pacing (`FlowEnvironment.realSleep`).
    let realSleep: @Sendable (Duration) async throws -> Void
    /// What a woken view waits for before it takes a status (`FlowEnvironment.settle`).
    let settle: @Sendable () async -> Void

    /// Shows `race` until it ends or is stopped (a front-end's stop, Ctrl-C), along `course` if given,
    /// warning first of an `openRace`, saying a `watcher`'s wait; returns whether it ended without an error.
    func present(
        race: any RaceSessionUseCase, cheers: (any CheerUseCase)?, role: RunningViewModel.Role = .runner,
        positions: (@Sendable () -> AsyncStream<PositionStatus>)? = nil, worldClock: WorldClockRequest? = nil,
        refusals: (any RacePeersRepository)? = nil, course: (course: LappedCourse, terms: CourseTerms)? = nil,
        openRace: Bool = false, watcher: RunningViewModel.Watcher? = nil
    ) async -> Bool {
        // Under overload, once the screen draws its status less often than standard, snapshots are taken
        // no faster than it draws them. Otherwise every one is: pacing them at the standard rate too
        // doubled the fix -> mate's frame latency at 8 runners (p50 41 -> 80 ms) for about 5 % of the CPU.
        let binder = self.binder
        let running = RunningViewModel(dependency: .init(
            race: race, cheers: cheers, clock: clock, role: role, positions: positions,
            snapshotInterval: {
                let interval = binder.statusInterval
                return interval > FrontEndBinder.standardStatusInterval ? interval : .zero
            },
            realSleep: realSleep, settle: settle, refusals: refusals.map(looks(at:)), course: course,
            openRace: openRace, watcher: watcher
        ))
        let output = running.transform(input: binder.runningInput(stops: interrupts()))
        // Beside a run the world clock only ticks: the front-ends' keys belong to the running screen.
        let clockOutput = worldClock.map { request in
            WorldClockViewModel(dependency: .init(service: request.service, zones: request.zones, clock: clock, tick: request.tick))
                .transform(input: .init(viewDidLoad: AsyncStream { $0.yield(); $0.finish() }, nowRequested: AsyncStream { _ in },
                                        previousDayRequested: AsyncStream { _ in }, nextDayRequested: AsyncStream { _ in }))
        }
        return await binder.show(output, worldClock: clockOutput)
    }

    /// The transport's refused datagrams, looked at once per `RefusalNotices.interval` of real time
    /// until the screen stops reading.
    private func looks(at transport: any RacePeersRepository) -> @Sendable () -> AsyncStream<[RefusedDatagrams]> {
        let sleep = realSleep
        return {
            AsyncStream { continuation in
                let task = Task {
                    while (try? await sleep(RefusalNotices.interval)) != nil {
                        continuation.yield(transport.refusedDatagrams)
                    }
                    continuation.finish()
                }
                continuation.onTermination = { _ in task.cancel() }
            }
        }
    }

    /// After the run: writes its end if nothing did (a stop ends a run as stopped, unless it had
    /// finished or our runner cancelled), and reports a failed recording. Returns whether the run was recorded.
    static func closeRecording(_ recorder: RunRecorder, logger: Logger) async -> Bool {
        await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .stopped))
        if let failure = await recorder.failure {
            logger.error("the run was not fully recorded: \(failure)")
            return false
        }
        return true
    }

    /// The exit status of the interrupt that stopped the run before its end (130 for Ctrl-C, ...); nil
    /// when the run was not stopped, or was stopped from a front-end (no interrupt).
    static func interruptStatus(_ recorder: RunRecorder, _ environment: FlowEnvironment) async -> Int32? {
        guard await recorder.ended == .stopped else { return nil }
        return environment.interruptStatus()
    }
}
