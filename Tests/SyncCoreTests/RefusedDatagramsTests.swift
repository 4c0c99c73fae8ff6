@testable import SyncCore
import Domain
import SyncWire
import Testing

/// Refusals that point to a forgery, counted by the runner claimed and the address (`SyncStatistics.refusedAbout`).
@Suite("Refused datagrams by runner and address")
struct RefusedDatagramsTests {
    @Test("more hosts than SyncStatistics.failureSources: the first ones named, the rest counted together")
    func bounded() {
        var statistics = SyncStatistics()
        for index in 0..<(SyncStatistics.failureSources + 4) {
            statistics.recordForgery("address-mismatch", about: .runner("bob"), from: "10.0.0.\(index)")
        }
        statistics.recordForgery("runner-limit", about: .unknown, from: "10.0.0.99")
        statistics.recordForgery("runner-limit", about: .unknown, from: "10.0.0.0")
        let refused = statistics.refusedDatagrams
        #expect(Set(refused.map(\.source)).count == SyncStatistics.failureSources + 1)
        #expect(refused.first { $0.subject == .runner("bob") && $0.source == SyncStatistics.otherSources }?.count == 4)
        #expect(refused.first { $0.subject == .unknown && $0.source == SyncStatistics.otherSources }?.count == 1)
        #expect(refused.first { $0.subject == .unknown && $0.source == "10.0.0.0" }?.count == 1)
    }

    @Test("which refusals are signs of forgery: not those honest peers cause too")
    func forgerySigns() {
        #expect(PeerRefusal.addressMismatch.isForgerySign && PeerRefusal.runnerLimit.isForgerySign && PeerRefusal.clockStep.isForgerySign)
        #expect(!PeerRefusal.relayIgnored.isForgerySign && !PeerRefusal.unvalidatedSource.isForgerySign && !PeerRefusal.cheerRate.isForgerySign)
        #expect(DatagramError.notInRace.isForgerySign && DatagramError.unsolicitedPong.isForgerySign)
        #expect(!DatagramError.duplicate.isForgerySign && !DatagramError.badTag.isForgerySign && !DatagramError.unknownBase.isForgerySign)
    }
}
