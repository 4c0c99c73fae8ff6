import Domain
import Foundation

/// The world clock's repository: reads the race clock. Until the sync layer agrees a clock with the
/// peers, the race clock is this machine's clock, so the offset is 0 and the uncertainty
/// unknown; once it exists, the agreed clock's estimate is passed in as `offset`/`uncertainty`.
public struct RaceClockRepository: ClockRepository {
    private let clock: any RaceClock
    private let agreed: Bool
    private let offsetMilliseconds: Double
    private let uncertaintyMilliseconds: Double?

    /// Reads `clock`. `agreed` says whether it is a clock agreed with peers, with this machine's
    /// offset from it and the uncertainty of that estimate (seconds); alone, it is the system clock.
    public init(clock: any RaceClock, agreed: Bool = false, offset: Double = 0, uncertainty: Double? = nil) {
        self.clock = clock
        self.agreed = agreed
        self.offsetMilliseconds = offset * 1000
        self.uncertaintyMilliseconds = uncertainty.map { $0 * 1000 }
    }

    public func fetchNow() async throws -> ClockReading {
        dto(at: clock.now).toDomain()
    }

    /// The raw reading at `instant`, as the sync layer would hand it over.
    func dto(at instant: Date) -> ClockReadingDTO {
        ClockReadingDTO(
            currentDateTime: instant.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)),
            offsetMilliseconds: offsetMilliseconds,
            uncertaintyMilliseconds: uncertaintyMilliseconds,
            source: agreed ? "agreed" : "system"
        )
    }
}
