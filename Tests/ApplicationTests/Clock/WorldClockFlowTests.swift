@testable import Application
import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

/// `materunner clock` to its exit status (`WorldClockFlow.run`): 0 when every reading was shown, 1
/// when one failed.
@Suite("World clock flow: its exit status")
struct WorldClockFlowTests {
    static func reading(_ text: String) -> ClockReading {
        ClockReading(currentDateTime: text, offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock")
    }

    static func flow(_ harness: FlowHarness, readings: [ClockReading], limit: Int) -> (WorldClockFlow, RecordingScreen) {
        let side = harness.side("clock", id: 0xC)
        let request = WorldClockRequest(
            service: WorldClockService(repository: ScriptedClockRepository(readings)), zones: [TimeZone(identifier: "UTC")!], tick: 1
        )
        return (WorldClockFlow(request: request, limit: limit, environment: harness.environment(side)), side.screen)
    }

    @Test("every reading shown: 0")
    func readingsShownIsZero() async throws {
        let harness = FlowHarness()
        let now = DisplayFormat.timestamp(harness.clock.now)
        let (flow, screen) = Self.flow(harness, readings: [Self.reading(now), Self.reading(now)], limit: 2)
        #expect(await harness.driven { await flow.run() } == 0)
        #expect(screen.frames.filter { $0.type == .clock }.count == 2)
    }

    @Test("a reading that failed (the race clock's text does not parse): 1, the error shown, the next reading still shown")
    func failedReadingIsOne() async throws {
        let harness = FlowHarness()
        let (flow, screen) = Self.flow(harness, readings: [Self.reading("soon"), Self.reading(DisplayFormat.timestamp(harness.clock.now))], limit: 1)
        #expect(await harness.driven { await flow.run() } == 1)
        #expect(screen.frames.contains { $0.type == .notice && $0.level == "error" }, "\(screen.frames)")
        #expect(screen.frames.contains { $0.type == .clock })
    }
}
