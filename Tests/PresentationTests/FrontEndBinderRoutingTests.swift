import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The binder's input routing: one reader of the screen's inputs, each event to the shown screen's
/// `Input` by type; and whole screens through it (the lobby's start, the world clock's day keys).
@Suite("FrontEndBinder: routing", .timeLimit(.minutes(1)))
struct FrontEndBinderRoutingTests {
    @Test("one source, routed by type to the screen shown; a new screen ends the previous one's inputs")
    func routing() async throws {
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: ManualRaceClock())
        let lobby = binder.lobbyInput()
        var loaded = lobby.viewDidLoad.makeAsyncIterator()
        #expect(await loaded.next() != nil)
        #expect(await loaded.next() == nil)
        var accepted = lobby.accepted.makeAsyncIterator()
        var declined = lobby.declined.makeAsyncIterator()
        var cancelled = lobby.cancelRequested.makeAsyncIterator()
        for event in [
            FrontEndInputEvent(type: .accept, invitation: "not a number"), FrontEndInputEvent(type: .accept, invitation: "7"),
            FrontEndInputEvent(type: .decline, invitation: "8"), FrontEndInputEvent(type: .nextDay),
            FrontEndInputEvent(type: .stop), FrontEndInputEvent(type: .cheer, emoji: "👏"), FrontEndInputEvent(type: .cancel),
        ] {
            screen.send(event)
        }
        #expect(await accepted.next() == 7)
        #expect(await declined.next() == 8)
        // One reader, in order: once the last event is in, every event before it was routed.
        #expect(await cancelled.next() != nil)

        let (stops, stop) = AsyncStream.makeStream(of: Void.self)
        let running = binder.runningInput(stops: stops)
        #expect(await accepted.next() == nil)
        #expect(await declined.next() == nil)
        #expect(await cancelled.next() == nil)
        screen.send(FrontEndInputEvent(type: .accept, invitation: "9"))
        screen.send(FrontEndInputEvent(type: .cheer, to: "000000000000000b", emoji: "👏"))
        screen.send(FrontEndInputEvent(type: .cheer))
        screen.send(FrontEndInputEvent(type: .cancel))
        screen.send(FrontEndInputEvent(type: .stop))
        var stopRequested = running.stopRequested.makeAsyncIterator()
        var cheers = running.cheerRequested.makeAsyncIterator()
        var cancelConfirmed = running.cancelConfirmed.makeAsyncIterator()
        #expect(await cheers.next() == CheerRequest(emoji: "👏", to: "000000000000000b"))
        #expect(await cheers.next() == CheerRequest(emoji: "", to: nil))
        #expect(await cancelConfirmed.next() != nil)
        #expect(await stopRequested.next() != nil)
        // Ctrl-C from the caller is a stop as well.
        stop.yield()
        #expect(await stopRequested.next() != nil)

        binder.shutdown()
        #expect(await stopRequested.next() == nil)
        #expect(await cheers.next() == nil)
        #expect(await cancelConfirmed.next() == nil)
        #expect(screen.isShutDown)
    }

    @Test("the world clock through the binder: day keys move the day, a stop input ends the clock")
    func worldClock() async throws {
        let clock = ManualRaceClock()
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let service = WorldClockService(repository: WorldClockViewModelTests.ManualClockRepository(clock: clock))
        let viewModel = WorldClockViewModel(dependency: .init(service: service, zones: [TimeZone(identifier: "UTC")].compactMap { $0 }, clock: clock, tick: nil))
        let (stops, _) = AsyncStream.makeStream(of: Void.self)
        let shown = Task { await binder.show(viewModel.transform(input: binder.worldClockInput(stops: stops)), limit: nil) }
        await screen.waitForFrames(1)
        screen.send(FrontEndInputEvent(type: .previousDay))
        await screen.waitForFrames(2)
        screen.send(FrontEndInputEvent(type: .nextDay))
        await screen.waitForFrames(3)
        screen.send(FrontEndInputEvent(type: .nextDay))
        await screen.waitForFrames(4)
        screen.send(FrontEndInputEvent(type: .now))
        await screen.waitForFrames(5)
        screen.send(FrontEndInputEvent(type: .stop))
        #expect(await shown.value == true)
        #expect(screen.frames.map(\.type) == [.clock, .clock, .clock, .clock, .clock])
        #expect(screen.frames.compactMap(\.clock?.dayOffset) == [0, -1, 0, 1, 0])
        #expect(screen.frames.compactMap(\.message) == [
            "today on the system clock", "yesterday on the system clock", "today on the system clock",
            "tomorrow on the system clock", "today on the system clock",
        ])
    }

    @Test("the world clock stops after `limit` clock frames; Ctrl-C from the caller ends it too")
    func worldClockLimitAndStops() async throws {
        let clock = ManualRaceClock()
        let screen = RecordingScreen()
        let binder = FrontEndBinder(screen: screen, clock: clock)
        let service = WorldClockService(repository: WorldClockViewModelTests.ManualClockRepository(clock: clock))
        let viewModel = WorldClockViewModel(dependency: .init(service: service, zones: [], clock: clock, tick: 1))
        let (never, _) = AsyncStream.makeStream(of: Void.self)
        #expect(await binder.show(viewModel.transform(input: binder.worldClockInput(stops: never)), limit: 1) == true)
        #expect(screen.frames.count == 1)

        let (stops, stop) = AsyncStream.makeStream(of: Void.self)
        let shown = Task { await binder.show(viewModel.transform(input: binder.worldClockInput(stops: stops)), limit: nil) }
        await screen.waitForFrames(2)
        stop.yield()
        #expect(await shown.value == true)
    }
}
