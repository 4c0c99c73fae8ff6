import Domain
import Foundation

/// The world clock's repository inside `materunner run`: reads the agreed race clock, with the
/// correction it applies and the estimate's uncertainty at every reading (`RaceClockRepository` reads a
/// clock with a fixed offset).
public struct AgreedRaceClockRepository: ClockRepository {
    private let clock: AgreedRaceClock

    /// Reads `clock`.
    public init(clock: AgreedRaceClock) {
        self.clock = clock
    }

    public func fetchNow() async throws -> ClockReading {
        let status = clock.status
        return dto(at: clock.now, status: status).toDomain()
    }

    /// The raw reading: "agreed" once the clock is agreed with mates ("host" on the host), else "system".
    func dto(at instant: Date, status: AgreedRaceClock.Status) -> ClockReadingDTO {
        ClockReadingDTO(
            currentDateTime: instant.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            // This machine's clock minus the race clock.
            offsetMilliseconds: 0 - status.appliedOffset * 1000,
            uncertaintyMilliseconds: status.uncertainty.map { $0 * 1000 },
            source: status.isHost ? "host" : status.isAgreed ? "agreed" : "system"
        )
    }
}
