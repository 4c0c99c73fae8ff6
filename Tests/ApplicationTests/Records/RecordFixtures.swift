import Application
import Domain
import Foundation
import Logging
import MateRunnerTesting
import Testing

/// Three recorded runs in an in-memory store (two in November 2026, one in October; two ids that
/// share their first four characters), and the flows built on them with their output captured.
struct RecordFixtures {
    static let location = "/data/materunner"
    static let quiet = Logger(label: "ApplicationTests") { _ in SwiftLogNoOpLogHandler() }

    static let race = RunRecord(
        id: "aaaa1111-0000-4000-8000-000000000001", runnerName: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 500_000)),
        startedAt: date("2026-11-22T01:02:03Z"), distance: 5_000, duration: 1_500, kilocalories: 350.04, status: .finished,
        route: [RoutePoint(coordinate: Coordinate(latitude: 46, longitude: 14.5), timestamp: date("2026-11-22T01:02:04Z"))],
        results: [
            RunnerResult(name: "alice", rank: 1, distance: 5_000, elapsed: 1_500, finishTime: 1_500, phase: .finished, isMe: true),
            RunnerResult(name: "bob", rank: 2, distance: 4_800, elapsed: 1_500, finishTime: nil, phase: .running, isMe: false),
        ],
        samples: [ProgressSample(runnerName: "alice", elapsed: 1_500, distance: 5_000)],
        cheers: [RecordedCheer(sender: "bob", recipient: "alice", emoji: .clap, sentAt: date("2026-11-22T01:10:00Z"))]
    )
    static let solo = RunRecord(
        id: "aaaa2222-0000-4000-8000-000000000002", runnerName: "alice", terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 300_000)),
        startedAt: date("2026-10-05T18:00:00Z"), distance: 1_234.5, duration: 400, kilocalories: 90, status: .cancelled
    )
    static let team = RunRecord(
        id: "bbbb3333-0000-4000-8000-000000000003", runnerName: "alice", terms: RaceTerms(mode: .team, goal: RaceGoal(centimetres: 1_000_000)),
        startedAt: date("2026-11-01T07:30:00Z"), distance: 2_000, duration: 700, kilocalories: 140, status: .interrupted
    )

    let store = InMemoryRunRecordRepository()
    let output = CapturedLines()
    let exports = InMemoryRunExport()

    /// The store with the three runs, or empty.
    init(empty: Bool = false) throws {
        if !empty { for record in [Self.race, Self.solo, Self.team] { try store.begin(record) } }
    }

    var lookup: RecordLookup { RecordLookup(records: store, storeLocation: Self.location) }
    var records: RecordsFlow { RecordsFlow(dependency: .init(lookup: lookup, output: LineOutput(output.append))) }
    var export: ExportFlow { ExportFlow(dependency: .init(lookup: lookup, exports: exports, logger: Self.quiet)) }

    static func date(_ text: String) -> Date {
        (try? Date(text, strategy: .iso8601)) ?? Date(timeIntervalSince1970: 0)
    }

    /// Each captured line parsed as a JSON object.
    func jsonLines() throws -> [[String: Any]] {
        try output.lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
    }
}
