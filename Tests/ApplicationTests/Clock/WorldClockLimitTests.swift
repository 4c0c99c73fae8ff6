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
}
