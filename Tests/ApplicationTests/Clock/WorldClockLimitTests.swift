import Application
import Testing

/// How many readings `materunner clock` shows (`WorldClockFlow.limit`).
@Suite("World clock: readings shown")
struct WorldClockLimitTests {
    @Test("--count wins; without it, until stopped on a terminal and one reading into a pipe or file")
    func limit() {
        #expect(WorldClockFlow.limit(count: 3, outputIsTerminal: true) == 3)
        #expect(WorldClockFlow.limit(count: 3, outputIsTerminal: false) == 3)
        #expect(WorldClockFlow.limit(count: nil, outputIsTerminal: true) == nil)
        #expect(WorldClockFlow.limit(count: nil, outputIsTerminal: false) == 1)
    }

    @Test("the options: time zones that parse, at least one reading, at least 0.05 s between readings")
    func options() {
        func refusal(zones: String = "UTC,Europe/Ljubljana", count: Int? = nil, tick: Double = 1) -> String? {
            do {
                try WorldClockFlow.check(zones: zones, count: count, tick: tick)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(refusal() == nil)
        #expect(refusal(count: 1, tick: 0.05) == nil)
        #expect(refusal(count: 0) == "--count must be at least 1")
        #expect(refusal(count: -2) == "--count must be at least 1")
        #expect(refusal(tick: 0.04) == "--tick must be at least 0.05 seconds")
        #expect(refusal(tick: .nan) == "--tick must be at least 0.05 seconds")
        #expect(refusal(zones: "Nowhere/Atlantis") != nil)
    }
}
