import Domain
import Foundation
import MateRunnerTesting
@testable import Presentation
import Testing

/// The course agreement's screen: the flow hands in each step (fetching, kept, fetched, another
/// course), the view model says it; the binder draws each notice as it comes.
@Suite("CourseViewModel", .timeLimit(.minutes(1)))
struct CourseViewModelTests {
    static let mine = CourseTerms(digest: "1111111111111111", name: "south.gpx", lengthCentimetres: 40_000)
    static let hosts = CourseTerms(digest: "2222222222222222", name: "north.gpx", lengthCentimetres: 40_000)

    @Test("every step one notice, in order: fetching, kept, fetched are information; another --course a warning")
    func history() async throws {
        let steps = AsyncStream.makeStream(of: CourseViewModel.Step.self)
        let output = CourseViewModel().transform(input: .init(steps: steps.stream))
        let history = Locked<[Notice]>([])
        let finished = Locked(false)
        Task {
            for await notice in output.notice { history.withLock { $0.append(notice) } }
            finished.withLock { $0 = true }
        }
        steps.continuation.yield(.notHostsCourse(mine: Self.mine, host: "alice", hosts: Self.hosts))
        steps.continuation.yield(.fetching(course: "north.gpx", points: 9, host: "alice"))
        try await waitUntil("two notices") { history.value.count == 2 }
        #expect(!finished.value)
        steps.continuation.yield(.fetched(course: "north.gpx", title: "North", points: 9, host: "alice"))
        steps.continuation.yield(.kept(course: "north.gpx", title: "North"))
        steps.continuation.finish()
        try await waitUntil("the notices to end") { finished.value }
        #expect(history.value == [
            Notice(level: .warning, message: "your --course south.gpx (course 1111111111111111) is not alice's course "
                + "north.gpx (course 2222222222222222): racing on alice's"),
            Notice(level: .info, message: "fetching the course north.gpx (9 points) from alice"),
            Notice(level: .info, message: "course north.gpx (North) fetched from alice: 9 points, digest checked"),
            Notice(level: .info, message: "course north.gpx (North) kept on this device from an earlier fetch"),
        ])
    }

    @Test("the binder draws each notice as a notice frame as it comes, and returns once the steps end")
    func drawn() async throws {
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock())
        let steps = AsyncStream.makeStream(of: CourseViewModel.Step.self)
        let shown = Task { await binder.show(CourseViewModel().transform(input: .init(steps: steps.stream))) }
        steps.continuation.yield(.fetching(course: "north.gpx", points: 9, host: "alice"))
        await screen.waitForFrames(1)
        steps.continuation.yield(.fetched(course: "north.gpx", title: "North", points: 9, host: "alice"))
        steps.continuation.finish()
        await shown.value
        #expect(screen.frames.map(\.type) == [.notice, .notice])
        #expect(screen.frames.map(\.level) == ["info", "info"])
        #expect(screen.frames.map(\.message) == [
            "fetching the course north.gpx (9 points) from alice",
            "course north.gpx (North) fetched from alice: 9 points, digest checked",
        ])
    }
}
