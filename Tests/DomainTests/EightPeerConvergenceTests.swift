import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Eight peers on the in-memory lossy network (30 % loss, 25 % reorder, 5 % duplicates): every peer
/// ends on the same complete result. Driven by the manual clock; nothing sleeps for real.
@Suite("Convergence of 8 peers on a lossy network")
struct EightPeerConvergenceTests {
    static let runners = (0..<8).map { RaceSamples.runner(0x10 + UInt64($0), "r\($0)") }

    @Test("8 runners, loss 0.3, reorder 0.25, duplicate 0.05: identical results everywhere", arguments: [21, 22] as [UInt64])
    func eightPeers(seed: UInt64) async throws {
        var harness = RaceHarness(faults: .init(loss: 0.3, duplicate: 0.05, reorder: 0.25, seed: seed))
        let patient: (inout RaceSessionConfiguration) -> Void = {
            $0.lostAfter = 10
            $0.resultLinger = 30
        }
        for (index, runner) in Self.runners.enumerated() {
            harness.add(runner, speed: 4 + Double(index) * 0.25, fixes: 40, expectedMates: 7, configure: patient)
        }
        harness.start()
        defer { harness.cancelAll() }
        try await harness.runToEnd()

        for recorder in harness.recorders {
            #expect(recorder.failure == nil, "\(recorder.name) failed: \(String(describing: recorder.failure))")
            #expect(recorder.last?.stage == .complete, "\(recorder.name) ended on \(String(describing: recorder.last?.stage))")
        }
        let finals = try harness.recorders.map { try #require($0.last?.standings) }
        let first = try #require(finals.first)
        for (recorder, final) in zip(harness.recorders, finals) {
            #expect(final == first, "\(recorder.name) disagrees: \(final.standings) vs \(first.standings)")
        }
        #expect(first.isComplete)
        #expect(first.standings.count == 8)
        #expect(first.standings.allSatisfy { $0.phase == .finished && !$0.isLost })
        // Each runner times itself from its own start (starts differ by up to a heartbeat), so close
        // speeds may swap places; what matters is that every peer shows the same order.
        #expect(Set(first.standings.map(\.runner)) == Set(Self.runners))
        #expect(harness.network.counts.dropped > 0)
    }
}
