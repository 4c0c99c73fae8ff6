@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// A spectator beside a keyed race made runners warn "36 datagrams from 10.251.0.3
/// failed authentication: check every runner uses the same race key". Its datagrams (a presence saying
/// "watching" before it is admitted, untagged or under a key the runner does not hold) are counted
/// apart, and the warning says a spectator asked to watch, not that a runner has another key.
@Suite("Sync: a spectator's dropped datagrams are named as a spectator's")
struct SpectatorDropWarningTests {
    static let spectator = PeerAddress(host: "10.251.0.3", port: 47474)

    private func presence(_ availability: Availability, number: UInt32, key: RaceKey?) -> [UInt8] {
        SyncDatagramCodec.encode(
            SyncDatagram(sender: RunnerID(rawValue: 0x5EE), sequence: number, message: .presence(name: "carol", availability: availability)),
            key: key
        )
    }

    @Test("a watching presence, untagged or under another key, in a keyed race: a spectator's warning, the race key not blamed")
    func spectatorNamed() throws {
        var race = try AttackRace(keyed: true)
        race.run(2)
        let stranger = try RaceKey.testing("the spectator key of another race")
        for number in 1...36 {
            race.inject(presence(.watching, number: UInt32(number), key: number.isMultiple(of: 2) ? stranger : nil), from: Self.spectator)
        }
        let statistics = race.alice.statistics
        #expect(statistics.spectatorAuthenticationFailures == ["10.251.0.3": 36])
        #expect(statistics.authenticationFailures.isEmpty)
        #expect(statistics.dropped["missing-tag"] == 18 && statistics.dropped["bad-tag"] == 18)
        let warnings = statistics.authenticationWarnings
        #expect(warnings.count == 1)
        let warning = try #require(warnings.first)
        #expect(warning.hasPrefix("a spectator at 10.251.0.3 asked to watch without this race's key (36 datagrams dropped"), "\(warning)")
        #expect(!warning.contains("same race key"), "\(warning)")
        #expect(warning.contains("materunner mates add"))
    }

    @Test("a runner's datagram under another key (a presence not watching, a clock ping) still names the race key")
    func runnerStillWarned() throws {
        var race = try AttackRace(keyed: true)
        race.run(2)
        let stranger = try RaceKey.testing("another key")
        race.inject(presence(.free, number: 1, key: stranger), from: Self.spectator)
        race.inject(SyncDatagramCodec.encode(SyncDatagram(sender: RunnerID(rawValue: 0x5EE), sequence: 2, message: .clockPing(t1: 1)), key: nil), from: Self.spectator)
        let statistics = race.alice.statistics
        #expect(statistics.authenticationFailures == ["10.251.0.3": 2])
        #expect(statistics.spectatorAuthenticationFailures.isEmpty)
        #expect(statistics.authenticationWarnings == [
            "2 datagrams from 10.251.0.3 failed authentication: check every runner uses the same race key and race id (--race-id), or none",
        ])
    }

    @Test("spectators' sources are bounded like the runners': 16 named, the rest under 'other addresses'")
    func bounded() throws {
        var race = try AttackRace(keyed: true)
        race.run(2)
        for index in 0..<40 {
            race.inject(presence(.watching, number: 1, key: nil), from: PeerAddress(host: "10.251.1.\(index)", port: 47474))
        }
        let failures = race.alice.statistics.spectatorAuthenticationFailures
        #expect(failures.count == SyncStatistics.failureSources + 1)
        #expect(failures[SyncStatistics.otherSources] == 40 - SyncStatistics.failureSources)
    }
}
