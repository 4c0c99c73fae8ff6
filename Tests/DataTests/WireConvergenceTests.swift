import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Convergence through the real codec: 8 runners' datagrams (hellos, progress, keyed) cross a lossy
/// channel (30 % loss, 25 % reorder, 5 % duplicates) to 8 receivers that decode them, join progress to
/// hellos and apply it to a `RaceReplica` by datagram number. Every receiver ends on the same standings,
/// equal to those of the senders' own final states.
@Suite("Convergence through the v2 codec")
struct WireConvergenceTests {
    static let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 10_000))
    static let runners = (0..<8).map { Runner(id: RunnerID(rawValue: 0x100 + UInt64($0)), name: "r\($0)") }

    /// Runner `index`'s progress after `second` seconds at 4 + index × 0.3 m/s, finished at 100 m.
    static func progress(_ index: Int, at second: Int) -> RunnerProgress {
        let speed = 4 + Double(index) * 0.3
        let distance = min(Double(second) * speed, 100)
        let finished = distance >= 100
        return RunnerProgress(
            runner: runners[index], terms: terms, phase: finished ? .finished : .running,
            elapsed: Double(second), distance: distance, finishTime: finished ? 100 / speed : nil, hasFinalResult: finished
        ).quantized()
    }

    @Test("8 receivers agree after loss, reordering and duplicates", arguments: [31, 32, 33] as [UInt64])
    func eightReceivers(seed: UInt64) throws {
        let key = try RaceKey.testing("convergence")
        var random = SplitMix64(seed: seed)
        // Senders: one publish per second for 40 s (the last 15 are heartbeats of the final state),
        // a hello before every 4th progress, numbered from 1 like `UDPRaceSyncRepository` does.
        var wire: [[UInt8]] = []
        for second in 0..<40 {
            for index in Self.runners.indices {
                let sequence = UInt32(second * 2 + 1)
                if second % 4 == 0 {
                    let hello = SyncMessage.hello(name: Self.runners[index].name, terms: Self.terms)
                    wire.append(SyncDatagramCodec.encode(SyncDatagram(sender: Self.runners[index].id, sequence: sequence, message: hello), key: key))
                }
                let report = SyncMessage.progress(ProgressReportDTO(Self.progress(index, at: second)))
                wire.append(SyncDatagramCodec.encode(SyncDatagram(sender: Self.runners[index].id, sequence: sequence + 1, message: report), key: key))
            }
        }
        var results: [RaceStandings] = []
        for _ in Self.runners.indices {
            var delivered: [[UInt8]] = []
            var held: [UInt8]?
            for datagram in wire where Double.random(in: 0..<1, using: &random) >= 0.3 {
                let copies = Double.random(in: 0..<1, using: &random) < 0.05 ? 2 : 1
                for _ in 0..<copies {
                    if held == nil, Double.random(in: 0..<1, using: &random) < 0.25 {
                        held = datagram
                    } else {
                        delivered.append(datagram)
                        if let late = held { delivered.append(late); held = nil }
                    }
                }
            }
            var roster: [RunnerID: (String, RaceTerms)] = [:]
            var replica = RaceReplica(terms: Self.terms)
            for bytes in delivered {
                let datagram = try SyncDatagramCodec.decode(bytes, key: key)
                switch datagram.message {
                case .hello(let name, let helloTerms, _): roster[datagram.sender] = (name, helloTerms)
                case .progress(let report):
                    guard let (name, helloTerms) = roster[datagram.sender] else { continue }
                    let runner = Runner(id: datagram.sender, name: name)
                    replica.apply(report.toDomain(runner: runner, terms: helloTerms, sequence: datagram.sequence), heardAt: Date())
                default: Issue.record("unexpected \(datagram.message)")
                }
            }
            results.append(replica.standings())
        }
        let truth = ResolveRace.standings(of: Self.runners.indices.map { Self.progress($0, at: 39) }, terms: Self.terms, lost: [])
        for result in results { #expect(result == truth) }
        #expect(truth.isComplete)
        #expect(truth.winner?.runner == Self.runners[7])
    }
}
