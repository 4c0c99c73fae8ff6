import Foundation

/// This peer's estimate of the race clock (the host's clock) from its latest exchanges: like NTP's
/// clock filter, it keeps the last `keptExchanges` and trusts the one with the lowest delay, whose
/// error is at most half its delay. Pure: the exchanges come from the sync layer.
public struct RaceClockEstimate: Sendable, Equatable {
    /// How many recent exchanges are kept; the oldest is forgotten first, so a drifting clock is followed.
    public static let keptExchanges = 8

    /// The kept exchanges, oldest first.
    public private(set) var exchanges: [ClockExchange] = []

    /// No exchange yet: offset and uncertainty unknown.
    public init() {}

    /// Adds an exchange; an implausible one (see `ClockExchange.isPlausible`) is refused and returns false.
    @discardableResult
    public mutating func add(_ exchange: ClockExchange) -> Bool {
        guard exchange.isPlausible else { return false }
        exchanges.append(exchange)
        if exchanges.count > Self.keptExchanges { exchanges.removeFirst(exchanges.count - Self.keptExchanges) }
        return true
    }

    /// The kept exchange with the lowest delay (the earliest of equals).
    public var best: ClockExchange? {
        exchanges.min { $0.delay < $1.delay }
    }

    /// The race clock minus this machine's clock, in seconds; nil before the first exchange.
    public var offset: TimeInterval? { best?.offset }

    /// How far `offset` may be off, in seconds (half the best exchange's delay); nil before the first.
    public var uncertainty: TimeInterval? { best.map { $0.delay / 2 } }

    /// The race clock's time at `localTime` on this machine's clock; `localTime` itself before any exchange.
    public func raceTime(at localTime: Date) -> Date {
        localTime.addingTimeInterval(offset ?? 0)
    }
}
