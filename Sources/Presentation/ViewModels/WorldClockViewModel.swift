import AsyncAlgorithms
import Domain
import Foundation
import FrontEndKit

/// The world clock screen's view model: shows the race clock's time in each zone, ticking
/// on the injected clock, and moves the day shown on the view's now / previous-day / next-day inputs.
///
/// The outputs end when the view's three inputs have all ended, or `viewDidLoad` ends unused.
public final class WorldClockViewModel: ViewModelType, Sendable {
    /// What the view model is built with.
    public struct Dependency: Sendable {
        /// Reads the race clock and holds the day shown.
        public var service: WorldClockService
        /// The zones shown, in order.
        public var zones: [TimeZone]
        /// The clock the ticks are timed on.
        public var clock: any RaceClock
        /// Seconds between readings of the race clock; nil reads it only on `viewDidLoad` and `now`.
        public var tick: TimeInterval?

        /// A dependency showing `zones`, re-reading the clock every `tick` seconds of `clock`.
        public init(service: WorldClockService, zones: [TimeZone], clock: any RaceClock, tick: TimeInterval? = 1) {
            self.service = service
            self.zones = zones
            self.clock = clock
            self.tick = tick
        }
    }

    /// Events from the view.
    public struct Input: Sendable {
        /// The view is ready: the clock is read.
        public var viewDidLoad: AsyncStream<Void>
        /// Show the race clock's now again.
        public var nowRequested: AsyncStream<Void>
        /// Show the day before the one shown.
        public var previousDayRequested: AsyncStream<Void>
        /// Show the day after the one shown.
        public var nextDayRequested: AsyncStream<Void>

        /// The view's events.
        public init(
            viewDidLoad: AsyncStream<Void>, nowRequested: AsyncStream<Void>,
            previousDayRequested: AsyncStream<Void>, nextDayRequested: AsyncStream<Void>
        ) {
            self.viewDidLoad = viewDidLoad
            self.nowRequested = nowRequested
            self.previousDayRequested = previousDayRequested
            self.nextDayRequested = nextDayRequested
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable {
        /// The world clock after every reading and every move of the day (a `clock` frame's payload).
        public var board: AsyncStream<FrontEndClock>
        /// What went wrong, e.g. an unreadable clock.
        public var notice: AsyncStream<Notice>

        /// Outputs made of these streams (a view model's, or a test's).
        public init(board: AsyncStream<FrontEndClock>, notice: AsyncStream<Notice>) {
            self.board = board
            self.notice = notice
        }
    }

    private enum Event: Sendable {
        case tick, now, previousDay, nextDay
    }

    private let dependency: Dependency

    /// A view model built with `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    public func transform(input: Input) -> Output {
        let board = AsyncStream.makeStream(of: FrontEndClock.self, bufferingPolicy: .unbounded)
        let notice = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .unbounded)
        let dependency = self.dependency
        let task = Task {
            defer {
                board.continuation.finish()
                notice.continuation.finish()
            }
            var loaded = input.viewDidLoad.makeAsyncIterator()
            guard await loaded.next() != nil else { return }
            let show: @Sendable (Event) async -> Void = { event in
                do {
                    let model = try await Self.handle(event, service: dependency.service)
                    board.continuation.yield(WorldClockFormat.board(model, zones: dependency.zones))
                } catch {
                    notice.continuation.yield(Notice(level: .error, message: "\(error)"))
                }
            }
            await show(.now)
            let ticker = Task { await Self.tick(dependency: dependency, show: show) }
            defer { ticker.cancel() }
            let events = merge(
                input.nowRequested.map { Event.now },
                input.previousDayRequested.map { Event.previousDay },
                input.nextDayRequested.map { Event.nextDay }
            )
            for await event in events {
                await show(event)
            }
        }
        board.continuation.onTermination = { _ in task.cancel() }
        return Output(board: board.stream, notice: notice.stream)
    }

    private static func handle(_ event: Event, service: WorldClockService) async throws -> WorldClockModel {
        switch event {
        case .tick: try await service.refresh()
        case .now: try await service.fetchNow()
        case .previousDay: try await service.moveDay(by: -1)
        case .nextDay: try await service.moveDay(by: 1)
        }
    }

    private static func tick(dependency: Dependency, show: @Sendable (Event) async -> Void) async {
        guard let tick = dependency.tick, tick > 0 else { return }
        var next = dependency.clock.now.addingTimeInterval(tick)
        while !Task.isCancelled {
            do { try await dependency.clock.sleep(until: next) } catch { return }
            await show(.tick)
            next = next.addingTimeInterval(tick)
        }
    }
}
