import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// What a run's screen says before its first status: the course it goes along and the open-race
/// warning are the running view model's outputs, drawn first by the binder.
@Suite("Running screen: the course and the opening notices", .timeLimit(.minutes(1)))
struct RunningOpeningTests {
    static func course() throws -> (course: LappedCourse, terms: CourseTerms) {
        let points = (0...20).map { Coordinate(latitude: 46 + Double($0) * 0.0001, longitude: 14.5) }
        // Out and back: a loop two laps can run.
        let outAndBack = points + points.reversed().dropFirst()
        let course = try LappedCourse(course: Course(name: "North", points: outAndBack), laps: 2)
        let length = UInt32((course.lapLength * 100).rounded())
        return (course, CourseTerms(digest: "0123456789abcdef", name: "north.gpx", lengthCentimetres: length, laps: 2))
    }

    static func output(course: (course: LappedCourse, terms: CourseTerms)?, openRace: Bool) -> RunningViewModel.Output {
        let viewModel = RunningViewModel(dependency: .init(
            race: FakeRaceSession(), clock: ManualRaceClock(), course: course, openRace: openRace
        ))
        return viewModel.transform(input: .init(
            viewDidLoad: AsyncStream { $0.finish() }, stopRequested: AsyncStream { $0.finish() }
        ))
    }

    @Test("the view model: the course's frame payload and the open-race warning; neither off a course in a keyed race")
    func outputs() throws {
        let course = try Self.course()
        let along = Self.output(course: course, openRace: true)
        #expect(along.course == FrontEndCourse(course.course, terms: course.terms))
        #expect(along.course?.file == "north.gpx" && along.course?.laps == 2)
        #expect(along.openingNotices == [Notice(level: .warning, message: "open race: see --race-key-file")])
        let plain = Self.output(course: nil, openRace: false)
        #expect(plain.course == nil && plain.openingNotices.isEmpty)
    }

    @Test("the binder: the course frame, then the opening notices, then the statuses")
    func framesFirst() async throws {
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock())
        let feed = FrontEndBinderTests.Feed()
        let course = try Self.course()
        var output = feed.output
        output.course = FrontEndCourse(course.course, terms: course.terms)
        output.openingNotices = [Notice(level: .warning, message: RunningViewModel.openRaceNotice)]
        feed.status.continuation.yield(RunningStatus(elapsed: "00:10", board: RaceBoard(FrontEndBinderTests.running)))
        let shown = Task { [output] in await binder.show(output) }
        await screen.waitForFrames(3)
        feed.finishAll()
        #expect(await shown.value)
        let frames = screen.frames
        #expect(frames.map(\.type) == [.course, .notice, .status])
        #expect(frames[0].course == output.course)
        #expect(frames[1].level == "warning" && frames[1].message == RunningViewModel.openRaceNotice)
    }

    @Test("a spectator: its wait said first, in real seconds; the not-paired advice once, after 4 refused looks")
    func spectator() async throws {
        let clock = ManualRaceClock()
        // Refused, refused, refused, admitted (the count starts again), then refused for good.
        let answers = [true, true, true, false, true, true, true, true, true, true]
        let looks = Locked(0)
        let race = FakeRaceSession()
        let loaded = AsyncStream.makeStream(of: Void.self)
        let watcher = RunningViewModel.Watcher(name: "sam", wait: 299.6, heartbeat: 0.5) {
            looks.withLock { looks in
                defer { looks += 1 }
                return answers[min(looks, answers.count - 1)]
            }
        }
        let viewModel = RunningViewModel(
            dependency: .init(race: race, clock: clock, role: .spectator, watcher: watcher)
        )
        let output = viewModel.transform(input: .init(viewDidLoad: loaded.stream, stopRequested: AsyncStream { _ in }))
        let waiting = Notice(level: .info, message: "sam is watching: waiting up to 300 s for a race")
        #expect(output.openingNotices == [waiting])
        let notices = Locked<[Notice]>([])
        let ended = Locked(false)
        Task {
            for await notice in output.notice { notices.withLock { $0.append(notice) } }
            ended.withLock { $0 = true }
        }
        loaded.continuation.yield()
        // One look at once, then one per heartbeat; the elapsed-time tick sleeps on the clock beside it.
        try await waitUntil("the first look") { looks.value == 1 }
        for look in 2...8 {
            try await waitUntil("the look and the tick to sleep") { clock.sleeperCount == 2 }
            #expect(notices.value.isEmpty, "advice before look \(look)")
            clock.advance(by: 0.5)
            try await waitUntil("look \(look)") { looks.value == look }
        }
        let advice = Notice(level: .warning, message: SpectatorError.notPairedAdvice)
        try await waitUntil("the advice") { notices.value.count == 1 }
        // Said once: nobody looks again, however long the watch goes on.
        for _ in 0..<4 {
            try await waitUntil("the tick to sleep") { clock.sleeperCount == 1 }
            clock.advance(by: 0.5)
        }
        #expect(looks.value == 8)
        race.finish()
        try await waitUntil("the notices to end") { ended.value }
        #expect(notices.value == [advice])
    }
}
