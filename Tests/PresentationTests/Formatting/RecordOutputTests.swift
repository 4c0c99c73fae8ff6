import Domain
import Foundation
import MateRunnerTesting
import Presentation
import Testing

@Suite("records and peers as people and programs read them")
struct RecordOutputTests {
    static func record(id: String, status: RunStatus = .finished, mode: RaceMode = .race, goal: UInt32 = 500_000) -> RunRecord {
        RunRecord(
            id: id, runnerName: "alice", terms: RaceTerms(mode: mode, goal: RaceGoal(centimetres: goal)),
            startedAt: Date(timeIntervalSince1970: 1_795_158_000), distance: 4_321.5, duration: 3_725, status: status,
            results: [
                RunnerResult(name: "alice", rank: 1, distance: 4_321.5, elapsed: 3_725, finishTime: 3_725, phase: .finished, isMe: true),
                RunnerResult(name: "bob", rank: 0, distance: 80, elapsed: 40, finishTime: nil, phase: .cancelled, isMe: false),
            ]
        )
    }

    @Test("the list fits 80 columns, its headers over their columns, ids cut to their shortest unique start")
    func table() {
        let records = [
            Self.record(id: "6f1c2a90-aaaa-4bbb-8ccc-000000000001", status: .interrupted, mode: .single, goal: 100_000_000),
            Self.record(id: "6f1c2a91-aaaa-4bbb-8ccc-000000000002"),
            Self.record(id: "0b7d4e22-aaaa-4bbb-8ccc-000000000003", mode: .team),
        ]
        let lines = RecordText.table(records, among: records)
        #expect(lines.count == 4)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(lines.map(\.count))")
        #expect(lines[1].hasPrefix("6f1c2a90 ") && lines[2].hasPrefix("6f1c2a91 ") && lines[3].hasPrefix("0b7d4e22 "))
        // Every title starts where its column's cells start.
        for title in ["DATE (UTC)", "MODE", "GOAL", "STATUS", "DISTANCE", "TIME", "RANK"] {
            let column = lines[0].range(of: title).map { lines[0].distance(from: lines[0].startIndex, to: $0.lowerBound) }
            for line in lines.dropFirst() {
                let cell = line.index(line.startIndex, offsetBy: column ?? 0)
                #expect(line[line.index(before: cell)] == " " && line[cell] != " ", "\(title) in \(line)")
            }
        }
        // Ids sharing 8 characters and more are cut past what they share; another run outside the list counts too.
        let twins = [Self.record(id: "6f1c2a90-aaaa-1"), Self.record(id: "6f1c2a90-aaab-2")]
        #expect(RecordText.table([twins[0]], among: twins)[1].hasPrefix("6f1c2a90-aaaa "))
    }

    @Test("records, totals and peers JSON validate against their schemas under docs/")
    func schemas() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-schemas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func validate(_ schema: String, _ lines: [String]) async throws -> ToolRun {
            let file = folder.appendingPathComponent(schema + ".ndjson")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file)
            let validator = Fixtures.packageRoot.appendingPathComponent("scripts/validate-frames")
            return try await runTool(validator, ["--schema", schema, file.path])
        }
        let records = [Self.record(id: "a"), Self.record(id: "b", status: .cancelled, mode: .team)]
        let recordLines = try records.map { try RecordLine.json(RecordLine($0)) }
        #expect(try await validate("record", recordLines) == ToolRun(status: 0, output: "2 records valid\n"))
        #expect(recordLines[0].contains(#""distance_m":4321.5"#) && recordLines[0].contains(#""finish_s":null"#))
        let totals = try RecordLine.json(TotalsLine(lifetime: RecordSummaries.lifetime(records), monthly: RecordSummaries.monthly(records)))
        #expect(try await validate("totals", [totals]) == ToolRun(status: 0, output: "1 totals valid\n"))

        let runner = DiscoveredRunner(
            instance: "alice@pi", runnerID: RunnerID(rawValue: 0xabc), name: "alice", hostName: "pi.local",
            address: PeerAddress(host: "10.0.0.2", port: 47474), state: .free, raceID: nil, version: 2
        )
        var racing = runner
        (racing.mode, racing.goal, racing.course, racing.speedup) = (.race, RaceGoal(centimetres: 200_000), "lake.gpx", 10)
        let peers = [
            PeerText.line(runner, json: true), PeerText.line(.found(runner), json: true), PeerText.line(MateEvent.lost(instance: "alice@pi"), json: true),
            PeerText.line(racing, json: true),
        ]
        #expect(try await validate("peer", peers) == ToolRun(status: 0, output: "4 peers valid\n"))
        #expect(peers[3].contains(#""course":"lake.gpx","goal":"2.00 km","goal_m":2000"#) && peers[3].contains(#""mode":"race""#))
        #expect(PeerText.line(racing, json: false) == "alice\t10.0.0.2:47474\tfree\trace 2.00 km, course lake.gpx, speed-up 10\t(alice@pi)")
        #expect(peers[2] == #"{"event":"disappeared","instance":"alice@pi"}"#)
        // A broken line is caught: the schema is not a rubber stamp.
        let renamed = recordLines[0].replacingOccurrences(of: "distance_m", with: "distanceMetres")
        #expect(try await validate("record", [renamed]).status == 1)
    }
}
