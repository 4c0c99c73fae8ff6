import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Synchronization
import Testing

/// The binder's outputs to frames: status frames newest-only, cheers and notices as they come, the
/// world clock beside a run, the result last; rejections reported once.
@Suite("FrontEndBinder: frames", .timeLimit(.minutes(1)))
struct FrontEndBinderTests {
    /// Running outputs fed by hand.
    struct Feed {
        let status = AsyncStream.makeStream(of: RunningStatus.self, bufferingPolicy: .bufferingNewest(1))
        let cheer = AsyncStream.makeStream(of: FrontEndCheer.self)
        let result = AsyncStream.makeStream(of: RunningResult.self)
        let notice = AsyncStream.makeStream(of: Notice.self)

        var output: RunningViewModel.Output {
            RunningViewModel.Output(status: RunningStatusFeed(status.stream), cheer: cheer.stream, result: result.stream, notice: notice.stream)
        }

        func finishAll() {
            status.continuation.finish()
            cheer.continuation.finish()
            result.continuation.finish()
            notice.continuation.finish()
        }
    }

    static let complete = Sample.snapshot(.complete, [
        Sample.progress(Sample.ana, .finished, elapsed: 21, distance: 100, finishTime: 20.5),
        Sample.progress(Sample.bor, .finished, elapsed: 25, distance: 100, finishTime: 24),
    ])
    static let running = Sample.snapshot(.running, [
        Sample.progress(Sample.ana, elapsed: 10, distance: 52), Sample.progress(Sample.bor, elapsed: 10, distance: 48),
    ])

    @Test("a view model's paced status: asked with no instant first, then not before each frame's delivery plus the interval")
    func pacedStatus() async throws {
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock(), statusInterval: .milliseconds(250))
        let feed = Feed()
        let asked = Locked<[ContinuousClock.Instant?]>([])
        let statuses = Locked([RunningStatus(elapsed: "00:10", board: RaceBoard(Self.running)), RunningStatus(elapsed: "00:20", board: RaceBoard(Self.complete))])
        var output = feed.output
        output.status = RunningStatusFeed { notBefore in
            asked.withLock { $0.append(notBefore) }
            return statuses.withLock { $0.isEmpty ? nil : $0.removeFirst() }
        }
        let clock = ContinuousClock()
        let before = clock.now
        let shown = Task { await binder.show(output) }
        await screen.waitForFrames(2)
        feed.finishAll()
        #expect(await shown.value)
        let after = clock.now
        #expect(screen.frames.map(\.elapsed) == ["00:10", "00:20"])
        // Three asks: the first without an instant, each later one 250 ms after a frame went out.
        let instants = asked.withLock { $0 }
        #expect(instants.count == 3 && instants[0] == nil)
        for instant in instants.dropFirst() {
            let instant = try #require(instant)
            #expect(instant >= before.advanced(by: .milliseconds(250)) && instant <= after.advanced(by: .milliseconds(250)))
        }
    }

    @Test("status, cheer and notice frames as they come; the result frame last; false after an error notice")
    func running() async throws {
        let screen = RecordingScreen()
        let reports = Locked<[FrontEndBinder.Report]>([])
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock()) { report in reports.withLock { $0.append(report) } }
        let feed = Feed()
        let shown = Task { await binder.show(feed.output) }

        // The result comes first, but is held until every other output has ended.
        feed.result.continuation.yield(RunningResult(Self.complete))
        feed.status.continuation.yield(RunningStatus(elapsed: "00:10", board: RaceBoard(Self.running)))
        await screen.waitForFrames(1)
        feed.cheer.continuation.yield(FrontEndCheer(from: "bor", to: "ana", emoji: "👏"))
        await screen.waitForFrames(2)
        feed.notice.continuation.yield(Notice(level: .error, message: "boom"))
        await screen.waitForFrames(3)
        feed.status.continuation.yield(RunningStatus(elapsed: "00:20", board: RaceBoard(Self.complete)))
        await screen.waitForFrames(4)
        feed.finishAll()
        #expect(await shown.value == false)

        let frames = screen.frames
        #expect(frames.map(\.type) == [.status, .cheer, .notice, .status, .result])
        #expect(frames.allSatisfy { $0.time == "2027-01-15T08:00:00.000Z" && $0.schema == FrontEndFrame.currentSchema })
        let status = frames[0]
        #expect(status.stage == "running" && status.elapsed == "00:10" && status.elapsedSeconds == 10)
        #expect(status.mode == "race" && status.goal == "0.10 km" && status.goalMetres == 100)
        #expect(status.leader == "ana" && status.message == "running to 0.10 km" && status.winner == nil)
        #expect(status.runners == RaceBoard(Self.running).runners)
        #expect(frames[1].cheer == FrontEndCheer(from: "bor", to: "ana", emoji: "👏"))
        #expect(frames[2].level == "error" && frames[2].message == "boom" && frames[2].runners == nil)
        let result = frames[4]
        #expect(result.message == "ana wins in 00:20")
        #expect(result.winner?.name == "ana" && result.winner?.finishSeconds == 20.5)
        #expect(result.elapsed == "00:20" && result.elapsedSeconds == 20.5)
        #expect(result.runners?.map(\.rank) == [1, 2])
        #expect(reports.value == [.failed("boom")])
    }

    @Test("a slow front-end gets the latest status, never a queue of old ones")
    func newestOnly() async throws {
        let feed = Feed()
        let boards = (0..<4).map { RunningStatus(elapsed: "00:0\($0)", board: RaceBoard(Self.running)) }
        // While the first status is being delivered, three more come: only the last is shown next.
        let screen = SlowScreen { frame in
            guard frame.elapsed == "00:00" else { return }
            for status in boards.dropFirst() { feed.status.continuation.yield(status) }
        }
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock())
        let shown = Task { await binder.show(feed.output) }
        feed.status.continuation.yield(boards[0])
        await screen.recording.waitForFrames(2)
        feed.finishAll()
        #expect(await shown.value == true)
        #expect(screen.recording.frames.map(\.elapsed) == ["00:00", "00:03"])
    }

    @Test("status frames at most one per interval: the statuses in between are coalesced into the newest, and the last one is shown before the result")
    func paced() async throws {
        let feed = Feed()
        let screen = RecordingScreen()
        // The interval is the test's to end: a status asked for with an instant waits for `intervalOver`,
        // not for real time, so the machine's load cannot end it early.
        let intervalOver = AsyncStream.makeStream(of: Void.self)
        let asked = Mutex<[Bool]>([])
        let status = RunningStatusFeed { notBefore in
            asked.withLock { $0.append(notBefore != nil) }
            if notBefore != nil { for await _ in intervalOver.stream { break } }
            var statuses = feed.status.stream.makeAsyncIterator()
            return await statuses.next()
        }
        let output = RunningViewModel.Output(
            status: status, cheer: feed.cheer.stream, result: feed.result.stream, notice: feed.notice.stream
        )
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock(), statusInterval: .seconds(1))
        let shown = Task { await binder.show(output) }
        feed.status.continuation.yield(RunningStatus(elapsed: "00:00", board: RaceBoard(Self.running)))
        await screen.waitForFrames(1)
        for second in 1...5 { feed.status.continuation.yield(RunningStatus(elapsed: "00:0\(second)", board: RaceBoard(Self.running))) }
        feed.cheer.continuation.yield(FrontEndCheer(from: "bor", to: nil, emoji: "👏"))
        await screen.waitForFrames(2)
        // A cheer is an event: it does not wait for the status's interval.
        #expect(screen.frames.map(\.type) == [.status, .cheer])
        intervalOver.continuation.yield()
        await screen.waitForFrames(3)
        feed.result.continuation.yield(RunningResult(Self.complete))
        feed.finishAll()
        intervalOver.continuation.finish()
        #expect(await shown.value == true)
        #expect(screen.frames.map(\.type) == [.status, .cheer, .status, .result])
        #expect(screen.frames.filter { $0.type == .status }.map(\.elapsed) == ["00:00", "00:05"])
        // The first status is asked for at once; every later one not before the interval's end.
        #expect(asked.withLock { $0 }.first == false && asked.withLock { $0 }.dropFirst().allSatisfy { $0 })
    }

    @Test("the world clock beside a run: clock frames until the run ends, none after the result")
    func worldClockBesideRun() async throws {
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock())
        let feed = Feed()
        let board = AsyncStream.makeStream(of: FrontEndClock.self)
        let clockNotice = AsyncStream.makeStream(of: Notice.self)
        let clock = FrontEndClock(
            source: "system clock", instant: "2027-01-15T08:00:00.000Z", dayOffset: 0, day: "today", offset: "+0.000 s",
            offsetSeconds: 0, uncertainty: "unknown", uncertaintySeconds: nil, zones: []
        )
        let shown = Task {
            await binder.show(feed.output, worldClock: WorldClockViewModel.Output(board: board.stream, notice: clockNotice.stream))
        }
        board.continuation.yield(clock)
        await screen.waitForFrames(1)
        feed.result.continuation.yield(RunningResult(Self.complete))
        feed.finishAll()
        #expect(await shown.value == true)
        board.continuation.yield(clock)
        for _ in 0..<100 { await Task.yield() }
        #expect(screen.frames.map(\.type) == [.clock, .result])
        #expect(screen.frames.first?.message == "today on the system clock")
    }

    @Test("a front-end rejecting frames is reported once; every notice shown is reported; shutdown ends the screen")
    func rejection() async throws {
        let screen = RecordingScreen(path: "/lib/broken.so")
        let reports = Locked<[FrontEndBinder.Report]>([])
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock()) { report in reports.withLock { $0.append(report) } }
        screen.rejectFrames()
        let notices = [
            Notice(level: .warning, message: "open race: see --race-key-file"),
            Notice(level: .info, message: "alice is waiting for an invitation"),
        ]
        await binder.show(CourseViewModel.Output(notice: Self.stream(of: notices)))
        #expect(screen.frames.map(\.message) == ["open race: see --race-key-file", "alice is waiting for an invitation"])
        #expect(screen.frames.map(\.level) == ["warning", "info"])
        #expect(reports.value == [
            .shown(notices[0]), .rejected(frontEnd: "/lib/broken.so", frame: .notice), .shown(notices[1]),
        ])
        binder.shutdown()
        await binder.show(CourseViewModel.Output(notice: Self.stream(of: [Notice(level: .info, message: "too late")])))
        #expect(screen.isShutDown)
        #expect(screen.frames.count == 2)
    }

    /// A stream of `notices`, then its end.
    static func stream(of notices: [Notice]) -> AsyncStream<Notice> {
        let stream = AsyncStream.makeStream(of: Notice.self)
        for notice in notices { stream.continuation.yield(notice) }
        stream.continuation.finish()
        return stream.stream
    }
}
