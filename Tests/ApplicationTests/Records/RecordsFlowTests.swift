import Application
import Domain
import Foundation
import MateRunnerTesting
import Presentation
import Testing

/// `records` list / show / totals on an in-memory store: every line written, in order, and the errors
/// (kind and message) the executable turns into exit codes.
@Suite("RecordsFlow")
struct RecordsFlowTests {
    typealias F = RecordFixtures

    // MARK: List

    @Test("list: a header, then every run newest first, one line each")
    func listText() throws {
        let fixtures = try F()
        try fixtures.records.list(month: nil, json: false)
        #expect(fixtures.output.lines.count == 4)
        #expect(fixtures.output.lines[0] == "ID       DATE (UTC)       MODE   GOAL     STATUS      DISTANCE TIME  RANK")
        #expect(fixtures.output.lines[1] == "aaaa1111 2026-11-22 01:02 race   5.00 km  finished    5.00 km  25:00 1 of 2")
        #expect(fixtures.output.lines[1].hasSuffix("1 of 2"))
        #expect(fixtures.output.lines[3].contains("cancelled") && fixtures.output.lines[3].hasSuffix("-"))
    }

    @Test("list --month: only that month's runs (UTC); none is one line naming the folder and the month")
    func listMonth() throws {
        let fixtures = try F()
        try fixtures.records.list(month: "2026-10", json: false)
        #expect(fixtures.output.lines == RecordText.table([F.solo], among: [F.race, F.team, F.solo]))
        fixtures.output.removeAll()
        try fixtures.records.list(month: "1999-01", json: false)
        #expect(fixtures.output.lines == ["no runs recorded in /data/materunner in 1999-01"])
        fixtures.output.removeAll()
        try fixtures.records.list(month: "1999-01", json: true)
        #expect(fixtures.output.lines.isEmpty)
    }

    @Test("list on an empty store: one line naming the folder")
    func listEmpty() throws {
        let fixtures = try F(empty: true)
        try fixtures.records.list(month: nil, json: false)
        #expect(fixtures.output.lines == ["no runs recorded in /data/materunner"])
    }

    @Test("list --json: one object per run, newest first, with the documented keys")
    func listJSON() throws {
        let fixtures = try F()
        try fixtures.records.list(month: nil, json: true)
        let lines = try fixtures.jsonLines()
        #expect(lines.map { $0["id"] as? String } == [F.race.id, F.team.id, F.solo.id])
        let keys: Set<String> = [
            "id", "started_at", "runner", "mode", "goal_m", "status", "distance_m", "duration_s", "calories_kcal",
            "cheers_received", "route_points", "results", "course", "course_best", "rank_among_runners", "demo",
        ]
        #expect(Set(lines[0].keys) == keys.union(["rank"]))
        #expect(lines[0]["rank"] as? Int == 1 && lines[0]["calories_kcal"] as? Double == 350 && lines[0]["cheers_received"] as? Int == 1)
        #expect(lines[0]["started_at"] as? String == "2026-11-22T01:02:03Z" && lines[0]["mode"] as? String == "race")
        let results = try #require(lines[0]["results"] as? [[String: Any]])
        #expect(results.map { $0["name"] as? String } == ["alice", "bob"] && results[1]["finish_s"] is NSNull)
        #expect(fixtures.output.lines[0].hasPrefix(#"{"calories_kcal":350,"cheers_received":1,"course":null,"course_best":false,"demo":false,"distance_m":5000,"duration_s":1500,"goal_m":5000,"id":"#))
    }

    @Test("list --month with something that is not a month: a usage error saying how to write one")
    func listBadMonth() throws {
        let fixtures = try F()
        #expect(throws: FlowError.usage("'2026-13' is not a month: give it as YYYY-MM, such as 2026-11")) {
            try fixtures.records.list(month: "2026-13", json: false)
        }
        #expect(fixtures.output.lines.isEmpty)
    }

    // MARK: Show

    @Test("show: by full id, or a unique start of 4 characters or more in any case; every detail")
    func show() throws {
        let fixtures = try F()
        try fixtures.records.show(id: "AAAA1", json: false)
        #expect(fixtures.output.lines == RecordText.details(F.race))
        #expect(fixtures.output.lines.first == "run \(F.race.id)")
        #expect(fixtures.output.lines.contains("    1. alice (you): 5.00 km in 25:00, finished"), "\(fixtures.output.lines)")
        #expect(fixtures.output.lines.last == "  cheer clap from bob to alice")
        fixtures.output.removeAll()
        try fixtures.records.show(id: F.team.id, json: true)
        #expect(try fixtures.jsonLines().map { $0["status"] as? String } == ["interrupted"])
    }

    @Test("show: an unknown id, a prefix too short, or one several ids start with are usage errors saying what to do")
    func showErrors() throws {
        let fixtures = try F()
        #expect(throws: FlowError.usage("no run 'cccc' in /data/materunner: see `materunner records` for the ids")) {
            try fixtures.records.show(id: "cccc", json: false)
        }
        #expect(throws: FlowError.usage("'bbb' is too short to name a run: give 4 characters of its id or more (`materunner records` lists them)")) {
            try fixtures.records.show(id: "bbb", json: false)
        }
        #expect(throws: FlowError.usage(
            "'aaaa' starts 2 run ids: give more of the id (aaaa1111-0000-4000-8000-000000000001 (2026-11-22 01:02, alice), "
                + "aaaa2222-0000-4000-8000-000000000002 (2026-10-05 18:00, alice))"
        )) {
            try fixtures.records.show(id: "aaaa", json: true)
        }
        #expect(fixtures.output.lines.isEmpty)
    }

    // MARK: Totals

    @Test("totals: lifetime, then each month newest first, as text and as JSON")
    func totals() throws {
        let fixtures = try F()
        try fixtures.records.totals(json: false)
        let all = [F.race, F.solo, F.team]
        #expect(fixtures.output.lines == [
            RecordText.totals("lifetime", RecordSummaries.lifetime(all)),
            RecordText.totals("2026-11", RecordSummaries.lifetime([F.race, F.team])),
            RecordText.totals("2026-10", RecordSummaries.lifetime([F.solo])),
        ])
        #expect(fixtures.output.lines[0].hasPrefix("lifetime  3 runs, ") && fixtures.output.lines[0].hasSuffix(", 1 cheer received, 1 win"))
        fixtures.output.removeAll()
        try fixtures.records.totals(json: true)
        let line = try #require(try fixtures.jsonLines().first)
        let lifetime = try #require(line["lifetime"] as? [String: Any])
        #expect(lifetime["runs"] as? Int == 3 && lifetime["distance_m"] as? Double == 8_234.5 && lifetime["calories_kcal"] as? Double == 580)
        let months = try #require(line["months"] as? [[String: Any]])
        #expect(months.map { $0["month"] as? String } == ["2026-11", "2026-10"])
    }

    // MARK: A store that cannot be read

    @Test("a store that cannot be read is a runtime error with the store's message, for every command")
    func unreadable() throws {
        let output = CapturedLines()
        let lookup = RecordLookup(records: UnreadableRecords(), storeLocation: F.location)
        let flow = RecordsFlow(dependency: .init(lookup: lookup, output: LineOutput(output.append)))
        let expected = FlowError(.ioError, "the record store is damaged: move records.sqlite away")
        #expect(throws: expected) { try flow.list(month: nil, json: false) }
        #expect(throws: expected) { try flow.show(id: "aaaa", json: false) }
        #expect(throws: expected) { try flow.totals(json: true) }
        #expect(!expected.isUsage && FlowError.usage("x").isUsage)
        #expect(output.lines.isEmpty)
    }
}
