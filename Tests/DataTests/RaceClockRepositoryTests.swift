@testable import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The world clock's repository: reads the race clock as a raw DTO and maps it to the Domain entity.
@Suite("RaceClockRepository")
struct RaceClockRepositoryTests {
    @Test("alone: the race clock is the system clock, offset 0, uncertainty unknown, time as ISO-8601 text")
    func alone() async throws {
        let clock = ManualRaceClock()
        let repository = RaceClockRepository(clock: clock)
        var readings = [try await repository.fetchNow()]
        clock.advance(by: 1.25)
        readings.append(try await repository.fetchNow())
        #expect(readings == [
            ClockReading(currentDateTime: "2027-01-15T08:00:00.000Z", offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock"),
            ClockReading(currentDateTime: "2027-01-15T08:00:01.250Z", offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock"),
        ])
    }

    @Test("an agreed clock: the DTO keeps milliseconds, the entity seconds")
    func agreed() async throws {
        let clock = ManualRaceClock()
        let repository = RaceClockRepository(clock: clock, agreed: true, offset: -0.125, uncertainty: 0.004)
        let dto = repository.dto(at: clock.now)
        #expect(dto == ClockReadingDTO(
            currentDateTime: "2027-01-15T08:00:00.000Z", offsetMilliseconds: -125, uncertaintyMilliseconds: 4, source: "agreed"
        ))
        #expect(try await repository.fetchNow() == ClockReading(
            currentDateTime: "2027-01-15T08:00:00.000Z", offsetSeconds: -0.125, uncertaintySeconds: 0.004, source: "agreed race clock"
        ))
    }

    @Test("the DTO is the JSON a clock service would send")
    func dtoJSON() throws {
        let json = #"{"currentDateTime":"2027-01-15T08:00:00.000Z","offsetMs":3,"source":"system"}"#
        let dto = try JSONDecoder().decode(ClockReadingDTO.self, from: Data(json.utf8))
        #expect(dto.toDomain() == ClockReading(
            currentDateTime: "2027-01-15T08:00:00.000Z", offsetSeconds: 0.003, uncertaintySeconds: nil, source: "system clock"
        ))
    }
}
