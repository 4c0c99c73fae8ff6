import Domain
import Foundation
import MateRunnerTesting
import Synchronization
import Testing

/// The world clock's service (seed 004): entity -> model, and the day shown as state.
@Suite("WorldClockService")
struct WorldClockServiceTests {
    static func reading(_ text: String, uncertainty: Double? = nil) -> ClockReading {
        ClockReading(currentDateTime: text, offsetSeconds: 0.25, uncertaintySeconds: uncertainty, source: "agreed race clock")
    }

    static let eight = Date(timeIntervalSince1970: 1_800_000_000)  // 2027-01-15T08:00:00Z

    @Test("a reading becomes a model: the text parsed into an instant, the rest carried over")
    func entityToModel() async throws {
        let service = WorldClockService(repository: ScriptedClockRepository([Self.reading("2027-01-15T08:00:00.500Z", uncertainty: 0.004)]))
        let model = try await service.fetchNow()
        #expect(model == WorldClockModel(
            instant: Self.eight.addingTimeInterval(0.5), dayOffset: 0, offsetSeconds: 0.25, uncertaintySeconds: 0.004,
            source: "agreed race clock"
        ))
        #expect(await service.current == model)
    }

    @Test("readings without fractional seconds parse too")
    func wholeSeconds() throws {
        #expect(try WorldClockService.model(from: Self.reading("2027-01-15T08:00:00Z"), dayOffset: 2).shown
            == Self.eight.addingTimeInterval(2 * 86_400))
    }

    @Test("previous day, next day and now: the state moves, now reads the clock again and resets the day")
    func moveDays() async throws {
        let service = WorldClockService(repository: ScriptedClockRepository([
            Self.reading("2027-01-15T08:00:00.000Z"), Self.reading("2027-01-15T08:00:05.000Z"), Self.reading("2027-01-15T08:00:09.000Z"),
        ]))
        var shown: [(Int, Date)] = []
        func record(_ model: WorldClockModel) { shown.append((model.dayOffset, model.shown)) }
        record(try await service.fetchNow())
        record(try await service.moveDay(by: -1))
        record(try await service.moveDay(by: -1))
        record(try await service.moveDay(by: 1))
        record(try await service.refresh())  // a tick keeps the day
        record(try await service.fetchNow())  // now goes back to today
        let day = 86_400.0
        #expect(shown.map(\.0) == [0, -1, -2, -1, -1, 0])
        #expect(shown.map(\.1) == [
            Self.eight, Self.eight - day, Self.eight - 2 * day, Self.eight - day, Self.eight + 5 - day, Self.eight + 9,
        ])
    }

    @Test("moving a day before the first reading is an error that says to ask for now")
    func moveBeforeReading() async throws {
        let service = WorldClockService(repository: ScriptedClockRepository([]))
        await #expect(throws: WorldClockError.notReadYet) { try await service.moveDay(by: 1) }
        #expect(WorldClockError.notReadYet.description.contains("ask for now"))
    }

    @Test("a reading that is not ISO-8601 is an error quoting it", arguments: ["", "yesterday", "2027-13-45T99:00:00Z"])
    func malformed(text: String) async throws {
        let service = WorldClockService(repository: ScriptedClockRepository([Self.reading(text)]))
        await #expect(throws: WorldClockError.malformedTime(text)) { try await service.fetchNow() }
        #expect(await service.current == nil)
    }
}
