import Foundation

/// The world clock's business logic: reads the race clock through the
/// repository, turns the raw reading into a model, and holds the state: which day is shown.
public actor WorldClockService {
    private let repository: any ClockRepository
    /// The model last given out; nil before the first reading.
    public private(set) var current: WorldClockModel?

    /// A service reading `repository`.
    public init(repository: any ClockRepository) {
        self.repository = repository
    }

    /// Reads the clock and shows today.
    public func fetchNow() async throws -> WorldClockModel {
        try await read(dayOffset: 0)
    }

    /// Reads the clock again, keeping the day shown (for a clock that ticks).
    public func refresh() async throws -> WorldClockModel {
        try await read(dayOffset: current?.dayOffset ?? 0)
    }

    /// Shows `days` days later (negative: earlier) than the day shown now, without reading the clock.
    public func moveDay(by days: Int) throws -> WorldClockModel {
        guard var model = current else { throw WorldClockError.notReadYet }
        model.dayOffset += days
        current = model
        return model
    }

    /// The entity → model step: the reading's text parsed into an instant.
    public static func model(from reading: ClockReading, dayOffset: Int) throws -> WorldClockModel {
        let strategy = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        let instant = (try? strategy.parse(reading.currentDateTime))
            ?? (try? Date.ISO8601FormatStyle().parse(reading.currentDateTime))
        guard let instant else { throw WorldClockError.malformedTime(reading.currentDateTime) }
        return WorldClockModel(
            instant: instant, dayOffset: dayOffset, offsetSeconds: reading.offsetSeconds,
            uncertaintySeconds: reading.uncertaintySeconds, source: reading.source
        )
    }

    private func read(dayOffset: Int) async throws -> WorldClockModel {
        let reading = try await repository.fetchNow()
        let model = try Self.model(from: reading, dayOffset: dayOffset)
        current = model
        return model
    }
}
