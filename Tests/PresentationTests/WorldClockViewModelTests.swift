import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The world clock view model as a script of input events on a manual clock, asserting every board
/// it gave, in order.
@Suite("WorldClockViewModel")
struct WorldClockViewModelTests {
    /// The race clock read through a repository, as Data's RaceClockRepository does.
    struct ManualClockRepository: ClockRepository {
        let clock: ManualRaceClock
        func fetchNow() async throws -> ClockReading {
            ClockReading(currentDateTime: DisplayFormat.timestamp(clock.now), offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock")
        }
    }

    struct Broken: ClockRepository {
        func fetchNow() async throws -> ClockReading {
            ClockReading(currentDateTime: "soon", offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock")
        }
    }

    /// The view's side: input streams the test pushes, and every output value recorded.
    struct Screen {
        let loaded = AsyncStream.makeStream(of: Void.self)
        let now = AsyncStream.makeStream(of: Void.self)
        let previous = AsyncStream.makeStream(of: Void.self)
        let next = AsyncStream.makeStream(of: Void.self)
        let boards = Locked<[FrontEndClock]>([])
        let notices = Locked<[Notice]>([])
        let finished = Locked(0)

        func bind(_ viewModel: WorldClockViewModel) {
            let output = viewModel.transform(input: .init(
                viewDidLoad: loaded.stream, nowRequested: now.stream,
                previousDayRequested: previous.stream, nextDayRequested: next.stream
            ))
            Task { [boards, finished] in
                for await board in output.board { boards.withLock { $0.append(board) } }
                finished.withLock { $0 += 1 }
            }
            Task { [notices, finished] in
                for await notice in output.notice { notices.withLock { $0.append(notice) } }
                finished.withLock { $0 += 1 }
            }
        }

        func waitForBoards(_ count: Int) async throws {
            try await waitUntil("\(count) boards") { boards.value.count >= count }
        }

        func closeView() {
            now.continuation.finish()
            previous.continuation.finish()
            next.continuation.finish()
        }
    }

    static let zones = ["Europe/Paris", "Asia/Seoul", "UTC"].compactMap(TimeZone.init(identifier:))

    /// One line per board: the day, then each zone's date, weekday and time.
    static func summary(_ board: FrontEndClock) -> String {
        "\(board.dayOffset) \(board.day): " + board.zones.map { "\($0.date) \($0.weekday) \($0.time)" }.joined(separator: " | ")
    }

    @Test("loads, ticks on the race clock, moves the day back and forth, and now comes back to today")
    func script() async throws {
        let clock = ManualRaceClock()
        let service = WorldClockService(repository: ManualClockRepository(clock: clock))
        let screen = Screen()
        screen.bind(WorldClockViewModel(dependency: .init(service: service, zones: Self.zones, clock: clock, tick: 1)))

        screen.loaded.continuation.yield()
        try await screen.waitForBoards(1)
        await clock.awaitSleepers(1)
        clock.advance(by: 1)
        try await screen.waitForBoards(2)
        screen.previous.continuation.yield()
        try await screen.waitForBoards(3)
        await clock.awaitSleepers(1)
        clock.advance(by: 1)
        try await screen.waitForBoards(4)
        screen.next.continuation.yield()
        try await screen.waitForBoards(5)
        screen.next.continuation.yield()
        try await screen.waitForBoards(6)
        screen.now.continuation.yield()
        try await screen.waitForBoards(7)
        screen.closeView()
        try await waitUntil("both outputs to finish") { screen.finished.value == 2 }

        #expect(screen.boards.value.map(Self.summary) == [
            "0 today: 2027-01-15 Fri 09:00:00 | 2027-01-15 Fri 17:00:00 | 2027-01-15 Fri 08:00:00",
            "0 today: 2027-01-15 Fri 09:00:01 | 2027-01-15 Fri 17:00:01 | 2027-01-15 Fri 08:00:01",
            "-1 yesterday: 2027-01-14 Thu 09:00:01 | 2027-01-14 Thu 17:00:01 | 2027-01-14 Thu 08:00:01",
            "-1 yesterday: 2027-01-14 Thu 09:00:02 | 2027-01-14 Thu 17:00:02 | 2027-01-14 Thu 08:00:02",
            "0 today: 2027-01-15 Fri 09:00:02 | 2027-01-15 Fri 17:00:02 | 2027-01-15 Fri 08:00:02",
            "1 tomorrow: 2027-01-16 Sat 09:00:02 | 2027-01-16 Sat 17:00:02 | 2027-01-16 Sat 08:00:02",
            "0 today: 2027-01-15 Fri 09:00:02 | 2027-01-15 Fri 17:00:02 | 2027-01-15 Fri 08:00:02",
        ])
        #expect(screen.boards.value.first == FrontEndClock(
            source: "system clock", instant: "2027-01-15T08:00:00.000Z", dayOffset: 0, day: "today", offset: "+0.000 s",
            offsetSeconds: 0, uncertainty: "unknown", uncertaintySeconds: nil,
            zones: [
                FrontEndZoneTime(zone: "Europe/Paris", date: "2027-01-15", weekday: "Fri", time: "09:00:00", utcOffset: "+01:00"),
                FrontEndZoneTime(zone: "Asia/Seoul", date: "2027-01-15", weekday: "Fri", time: "17:00:00", utcOffset: "+09:00"),
                FrontEndZoneTime(zone: "UTC", date: "2027-01-15", weekday: "Fri", time: "08:00:00", utcOffset: "+00:00"),
            ]
        ))
        #expect(screen.notices.value.isEmpty)
    }

    @Test("without a tick the clock is read only on load and now")
    func noTick() async throws {
        let clock = ManualRaceClock()
        let service = WorldClockService(repository: ManualClockRepository(clock: clock))
        let screen = Screen()
        screen.bind(WorldClockViewModel(dependency: .init(service: service, zones: [Self.zones[2]], clock: clock, tick: nil)))
        screen.loaded.continuation.yield()
        try await screen.waitForBoards(1)
        clock.advance(by: 61)
        screen.now.continuation.yield()
        try await screen.waitForBoards(2)
        screen.closeView()
        try await waitUntil("both outputs to finish") { screen.finished.value == 2 }
        #expect(screen.boards.value.map(Self.summary) == [
            "0 today: 2027-01-15 Fri 08:00:00", "0 today: 2027-01-15 Fri 08:01:01",
        ])
        #expect(clock.sleeperCount == 0)
    }

    @Test("an unreadable clock gives an error notice, and moving the day before any reading another")
    func failure() async throws {
        let clock = ManualRaceClock()
        let screen = Screen()
        screen.bind(WorldClockViewModel(dependency: .init(
            service: WorldClockService(repository: Broken()), zones: Self.zones, clock: clock, tick: nil
        )))
        screen.loaded.continuation.yield()
        try await waitUntil("a notice") { screen.notices.value.count == 1 }
        screen.next.continuation.yield()
        try await waitUntil("a second notice") { screen.notices.value.count == 2 }
        screen.closeView()
        try await waitUntil("both outputs to finish") { screen.finished.value == 2 }
        #expect(screen.boards.value.isEmpty)
        #expect(screen.notices.value == [
            Notice(level: .error, message: WorldClockError.malformedTime("soon").description),
            Notice(level: .error, message: WorldClockError.notReadYet.description),
        ])
    }

    @Test("a view that closes before loading gets no board, and the outputs end")
    func neverLoaded() async throws {
        let screen = Screen()
        screen.bind(WorldClockViewModel(dependency: .init(
            service: WorldClockService(repository: Broken()), zones: Self.zones, clock: ManualRaceClock(), tick: 1
        )))
        screen.loaded.continuation.finish()
        try await waitUntil("both outputs to finish") { screen.finished.value == 2 }
        #expect(screen.boards.value.isEmpty)
        #expect(screen.notices.value.isEmpty)
    }
}
