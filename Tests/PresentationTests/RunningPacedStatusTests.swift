import Domain
import Foundation
import MateRunnerTesting
@testable import Presentation
import Synchronization
import Testing

/// The status at a view's own pace, and the elapsed time riding on the statuses the race makes.
@Suite("RunningViewModel: the status at a view's pace")
struct RunningPacedStatusTests {
    let ana = Sample.ana
    let bor = Sample.bor

    /// A running view model on a manual clock, loaded, and its outputs (nothing consumes them but the test).
    static func started(race: FakeRaceSession, clock: ManualRaceClock) -> RunningViewModel.Output {
        let loaded = AsyncStream.makeStream(of: Void.self)
        let output = RunningViewModel(dependency: .init(race: race, clock: clock)).transform(input: .init(
            viewDidLoad: loaded.stream, stopRequested: AsyncStream { _ in }, cancelConfirmed: AsyncStream { _ in }
        ))
        loaded.continuation.yield(())
        return output
    }

    func running(_ distance: Double) -> RaceSnapshot {
        Sample.snapshot(.running, [Sample.progress(ana, elapsed: 1, distance: distance), Sample.progress(bor, elapsed: 1, distance: 1)])
    }

    @Test("a change within the view's interval waits for its end and is the newest then; one after it is taken at once")
    func notBefore() async throws {
        let race = FakeRaceSession()
        let clock = ManualRaceClock()
        let output = Self.started(race: race, clock: clock)
        let status = output.status
        defer { race.finish() }

        race.send(running(10))
        let first = await status.next(notBefore: nil)
        #expect(first?.board == RaceBoard(running(10)))

        // The view drew a moment ago: not before 300 ms from now. Two changes come at once; the newest is shown
        // once the 300 ms are over, the one before it never.
        let realClock = ContinuousClock()
        let asked = realClock.now
        race.send(running(20))
        race.send(running(30))
        let second = await status.next(notBefore: asked.advanced(by: .milliseconds(300)))
        #expect(realClock.now - asked >= .milliseconds(300))
        #expect(second?.board == RaceBoard(running(30)))

        // An instant already past: the next change is taken as soon as it comes.
        let waiting = Task { await status.next(notBefore: realClock.now.advanced(by: .milliseconds(-1))) }
        try await Task.sleep(for: .milliseconds(20))
        race.send(running(40))
        #expect(await waiting.value?.board == RaceBoard(running(40)))
    }

    @Test("the tick makes no status of its own within a tick period of one taken; the next status carries the elapsed time")
    func tickRidesOnStatuses() async throws {
        let script = RunningScript()
        defer { script.outputs.cancel() }
        try await script.load()
        try await script.advance(by: 0.6)
        try await script.send(running(10))
        // The tick at 1 s: "00:01" is new, but a status was taken 0.4 s ago: none of its own.
        try await script.advance(by: 0.4)
        try await script.advance(by: 0.3)
        #expect(script.history.status.map(\.elapsed) == ["00:00"])
        // The next status takes the elapsed time when it is made.
        try await script.send(running(20))
        #expect(script.history.status.map(\.elapsed) == ["00:00", "00:01"])
        // Nothing from the race for a tick period: the tick shows the time itself.
        try await script.tick()
        #expect(script.history.status.map(\.elapsed) == ["00:00", "00:01", "00:02"])
        script.race.finish()
        try await script.waitForAllOutputsToFinish()
    }

    @Test("the pace's wait is the dependency's sleep, for what is left of the interval")
    func waitsWithTheGivenSleep() async throws {
        // The sleep is recorded and returns at once: the interval can be long enough that no stall of a loaded
        // machine between asking and waiting uses it up (a real 200 ms was, on CI), and the test does not wait.
        let race = FakeRaceSession()
        let slept = Mutex<[Duration]>([])
        let loaded = AsyncStream.makeStream(of: Void.self)
        let output = RunningViewModel(dependency: .init(race: race, clock: ManualRaceClock(), realSleep: { duration in
            slept.withLock { $0.append(duration) }
        })).transform(input: .init(viewDidLoad: loaded.stream, stopRequested: AsyncStream { _ in }, cancelConfirmed: AsyncStream { _ in }))
        loaded.continuation.yield(())
        let status = output.status
        defer { race.finish() }

        race.send(running(10))
        _ = await status.next(notBefore: nil)
        #expect(slept.withLock { $0 }.isEmpty)

        let asked = ContinuousClock.now
        race.send(running(20))
        let second = await status.next(notBefore: asked.advanced(by: .seconds(60)))
        #expect(second?.board == RaceBoard(running(20)))
        let waits = slept.withLock { $0 }
        #expect(waits.count == 1)
        // What is left of the 60 s: all of it but the moments between asking and waiting.
        #expect(waits.allSatisfy { $0 > .seconds(30) && $0 <= .seconds(60) })

        // An instant already past: no wait at all.
        race.send(running(30))
        #expect(await status.next(notBefore: asked)?.board == RaceBoard(running(30)))
        #expect(slept.withLock { $0 }.count == 1)
    }

    @Test("before a status is taken, after the view's wait, the flush runs: what it changes (the race's owed step) is in that status")
    func flushesBeforeTaking() async throws {
        let state = RunningState(inputs: [], now: { Date(timeIntervalSince1970: 1_000) }, tickPeriod: 1)
        await state.update(running(10))
        #expect(await state.next(sleep: { _ in })?.board == RaceBoard(running(10)))

        // A change, then the view's wait; the flush comes after the wait, and its change is the one shown.
        let order = Mutex<[String]>([])
        await state.update(running(20))
        let status = await state.next(
            notBefore: ContinuousClock.now.advanced(by: .seconds(60)),
            sleep: { _ in order.withLock { $0.append("wait") } },
            flush: {
                order.withLock { $0.append("flush") }
                await state.update(running(30))
            }
        )
        #expect(order.withLock { $0 } == ["wait", "flush"])
        #expect(status?.board == RaceBoard(running(30)))
    }

    @Test("the view model's status asks the race for the step it owes before each status; the owed step's snapshot is shown")
    func asksForTheOwedStep() async throws {
        let race = FakeRaceSession()
        let output = Self.started(race: race, clock: ManualRaceClock())
        let status = output.status
        defer { race.finish() }

        race.send(running(10))
        #expect(await status.next(notBefore: nil)?.board == RaceBoard(running(10)))
        #expect(race.owedStepsAsked == 1)

        // The race owes a step (a mate's move it has not stepped yet): the view's next status asks for it.
        race.owe(running(30))
        race.send(running(20))
        var shown = await status.next(notBefore: nil)?.board
        #expect(race.owedStepsAsked == 2)
        // Its snapshot is in that status or, when it came after the status was taken, in the next one.
        if shown != RaceBoard(running(30)) { shown = await status.next(notBefore: nil)?.board }
        #expect(shown == RaceBoard(running(30)))
    }

    /// Holds whoever arrives until it is opened.
    actor Gate {
        private var arrivals: [CheckedContinuation<Void, Never>] = []
        private var isOpen = false

        var hasArrival: Bool { !arrivals.isEmpty }

        func arrive() async {
            guard !isOpen else { return }
            await withCheckedContinuation { arrivals.append($0) }
        }

        func open() {
            isOpen = true
            for arrival in arrivals { arrival.resume() }
            arrivals = []
        }
    }

    @Test("a view woken by a change lets the turn settle first: a change made in the same turn is in the same status")
    func settlesBeforeTaking() async throws {
        let state = RunningState(inputs: [], now: { Date(timeIntervalSince1970: 1_000) }, tickPeriod: 1)
        await state.update(running(10))
        #expect(await state.next(sleep: { _ in })?.board == RaceBoard(running(10)))

        let gate = Gate()
        let waiting = Task { await state.next(sleep: { _ in }, settle: { await gate.arrive() }) }
        while !(await state.hasWaiter) { await Task.yield() }
        // The first change wakes the view, which waits for the turn to settle; the second comes meanwhile.
        await state.update(running(20))
        var waited = Duration.zero
        while !(await gate.hasArrival), waited < .seconds(10) {
            try await Task.sleep(for: .milliseconds(1))
            waited += .milliseconds(1)
        }
        try #require(await gate.hasArrival, "the woken view did not wait for the turn to settle")
        await state.update(running(30))
        await gate.open()
        #expect(await waiting.value?.board == RaceBoard(running(30)))
        // One status for the two changes: nothing is due after it.
        let after = Task { await state.next(sleep: { _ in }) }
        await state.finish()
        #expect(await after.value == nil)
    }
}
