import Domain
import Foundation
import Testing

@Suite("Record summaries: order, month filter, lifetime and monthly totals")
struct RecordSummariesTests {
    /// 2026-10-31 23:30 UTC, 2026-11-01 00:10 UTC, 2026-11-20 07:00 UTC.
    static let october = record("a", at: 1_793_489_400, metres: 5000, seconds: 1800, kcal: 350, cheers: 2, status: .finished)
    static let novemberFirst = record("b", at: 1_793_491_800, metres: 1200, seconds: 600, kcal: 80, cheers: 0, status: .cancelled)
    static let novemberLater = record("c", at: 1_795_158_000, metres: 3000, seconds: 1000, kcal: 200, cheers: 1, status: .interrupted)
    static let all = [novemberFirst, october, novemberLater]

    static func record(
        _ id: String, at unix: TimeInterval, metres: Double, seconds: TimeInterval, kcal: Double, cheers: Int, status: RunStatus
    ) -> RunRecord {
        let received = (0..<cheers).map { _ in RecordedCheer(sender: "bob", recipient: "alice", emoji: .fire, sentAt: Date(timeIntervalSince1970: unix)) }
        let sent = RecordedCheer(sender: "alice", recipient: "bob", emoji: .clap, sentAt: Date(timeIntervalSince1970: unix))
        return RunRecord(
            id: id, runnerName: "alice", terms: RaceTerms(mode: .race, goal: .standard), startedAt: Date(timeIntervalSince1970: unix),
            distance: metres, duration: seconds, kilocalories: kcal, status: status, cheers: received + [sent]
        )
    }

    @Test("lists newest first")
    func newestFirst() {
        #expect(RecordSummaries.newestFirst(Self.all).map(\.id) == ["c", "b", "a"])
    }

    @Test("a month is a UTC calendar month: 23:30 on 31 October is October")
    func monthFilter() throws {
        #expect(Self.october.month == RecordMonth(year: 2026, month: 10))
        #expect(RecordSummaries.records(Self.all, in: try RecordMonth(parsing: "2026-11")).map(\.id) == ["c", "b"])
        #expect(RecordSummaries.records(Self.all, in: try RecordMonth(parsing: "2026-10")).map(\.id) == ["a"])
        #expect(RecordSummaries.records(Self.all, in: try RecordMonth(parsing: "2025-11")).isEmpty)
    }

    @Test("lifetime totals add every run, whatever its status; only cheers to our runner count as received")
    func lifetime() {
        let totals = RecordSummaries.lifetime(Self.all)
        #expect(totals == RunTotals(count: 3, distance: 9200, duration: 3400, kilocalories: 630, cheersReceived: 3))
        #expect(RecordSummaries.lifetime([]) == RunTotals())
    }

    @Test("a demo's run is listed but left out of the lifetime and monthly totals")
    func demosLeftOut() {
        var demo = Self.record("d", at: 1_795_158_600, metres: 1000, seconds: 300, kcal: 70, cheers: 0, status: .stopped)
        demo.isDemo = true
        let withDemo = Self.all + [demo]
        #expect(RecordSummaries.newestFirst(withDemo).first?.id == "d")
        #expect(RecordSummaries.lifetime(withDemo) == RecordSummaries.lifetime(Self.all))
        #expect(RecordSummaries.monthly(withDemo) == RecordSummaries.monthly(Self.all))
    }

    @Test("per-month totals, newest month first, months without runs left out")
    func monthly() {
        let months = RecordSummaries.monthly(Self.all)
        #expect(months == [
            MonthTotals(month: RecordMonth(year: 2026, month: 11), totals: RunTotals(count: 2, distance: 4200, duration: 1600, kilocalories: 280, cheersReceived: 1)),
            MonthTotals(month: RecordMonth(year: 2026, month: 10), totals: RunTotals(count: 1, distance: 5000, duration: 1800, kilocalories: 350, cheersReceived: 2)),
        ])
    }

    @Test("months parse as YYYY-MM and print back the same", arguments: ["2026-11", "1999-01", "2030-12"])
    func monthRoundTrip(text: String) throws {
        #expect(try RecordMonth(parsing: text).description == text)
    }

    @Test("anything else is refused with the expected form", arguments: ["2026-13", "2026-1", "26-11", "2026/11", "", "2026-00", "november"])
    func badMonths(text: String) {
        #expect(throws: RecordMonthError(text: text)) { try RecordMonth(parsing: text) }
        #expect(RecordMonthError(text: text).description.contains("YYYY-MM"))
    }

    @Test("a record knows its own rank and result line")
    func ownRank() {
        var record = Self.october
        record.results = [
            RunnerResult(name: "bob", rank: 1, distance: 5000, elapsed: 1700, finishTime: 1700, phase: .finished, isMe: false),
            RunnerResult(name: "alice", rank: 2, distance: 5000, elapsed: 1800, finishTime: 1800, phase: .finished, isMe: true),
        ]
        #expect(record.rank == 2)
        record.results[1].rank = Standing.unranked
        #expect(record.rank == nil)
    }
}
