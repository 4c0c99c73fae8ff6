import Domain
import Foundation
import FrontEndKit
@testable import Presentation
import Testing

@Suite("Lap times, splits and the margin on your own ghost, as people read them")
struct LapsAndSplitsTests {
    let ana = Sample.ana
    let bor = Sample.bor

    @Test("lap and split times: m:ss truncated, h:mm:ss past the hour")
    func format() {
        #expect(DisplayFormat.splitTime(241.9) == "4:01")
        #expect(DisplayFormat.splitTime(59) == "0:59")
        #expect(DisplayFormat.splitTime(3_723) == "1:02:03")
        #expect(DisplayFormat.ghostMargin(53.4) == "PB by 0:53")
        #expect(DisplayFormat.ghostMargin(-12.2) == "0:12 behind your best")
        #expect(DisplayFormat.ghostMargin(0.4) == "level with your best")
    }

    @Test("each runner's laps go on its row of the board, display string and seconds; none without laps")
    func lapsOnTheBoard() {
        var snapshot = Sample.snapshot(.running, [Sample.progress(ana, elapsed: 500, distance: 60), Sample.progress(bor, elapsed: 500, distance: 40)])
        snapshot.laps = [ana.id: [Splits.Split(number: 1, distance: 50, at: 241.25, duration: 241.25)]]
        let board = RaceBoard(snapshot)
        #expect(board.runners[0].laps == ["4:01"] && board.runners[0].lapsSeconds == [241.25])
        #expect(board.runners[1].laps == nil)
    }

    @Test("racing your own ghost, the result says by how much you beat or missed it")
    func ghostMarginInTheResult() {
        let ghost = Runner(id: RunnerID(rawValue: 0xC), name: "ana", isGhost: true)
        let beaten = Sample.snapshot(.complete, [
            Sample.progress(ana, .finished, elapsed: 400, distance: 100, finishTime: 300),
            Sample.progress(ghost, .finished, elapsed: 400, distance: 100, finishTime: 353),
        ])
        #expect(RunningResult(beaten).summary == "ana wins in 05:00; PB by 0:53")
        let missed = Sample.snapshot(.complete, [
            Sample.progress(ana, .finished, elapsed: 400, distance: 100, finishTime: 365),
            Sample.progress(ghost, .finished, elapsed: 400, distance: 100, finishTime: 353),
        ])
        #expect(RunningResult(missed).summary == "the ghost ana wins in 05:53; 0:12 behind your best")
    }

    @Test("records show: each runner's laps and per-kilometre splits, from the samples, the finish exact")
    func recordsShow() {
        let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: "lake.gpx", lengthCentimetres: 100_000, laps: 2)
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 200_000), course: course)
        let samples = (0...10).map { ProgressSample(runnerName: "ana", elapsed: Double($0) * 60, distance: Double($0) * 210, runnerID: "a") }
        let record = RunRecord(
            id: "r1", runnerName: "ana", terms: terms, startedAt: Date(timeIntervalSince1970: 0), distance: 2_000, duration: 571.4,
            status: .finished,
            results: [RunnerResult(name: "ana", rank: 1, distance: 2_000, elapsed: 600, finishTime: 571.4, phase: .finished, isMe: true, runnerID: "a")],
            samples: samples
        )
        let lines = RecordText.details(record)
        // 1000 m at 1000 / 3.5 = 285.7 s; the finish at 571.4 s.
        #expect(lines.contains("  laps:") && lines.contains("    ana: 4:45 4:45"), "\(lines)")
        #expect(lines.contains("  splits per km:") && lines.contains("    ana: 4:45 4:45"), "\(lines)")
        let partial = RunRecord(
            id: "r2", runnerName: "ana", terms: RaceTerms(mode: .single, goal: RaceGoal(centimetres: 300_000)), startedAt: Date(timeIntervalSince1970: 0),
            status: .stopped,
            results: [RunnerResult(name: "ana", rank: 1, distance: 1_470, elapsed: 420, finishTime: nil, phase: .running, isMe: true, runnerID: "a")],
            samples: Array(samples.prefix(8))
        )
        #expect(RecordText.details(partial).contains("    ana: 4:45 2:14 (0.47 km)"), "\(RecordText.details(partial))")
    }
}

@Suite("Lap marks on the chart")
struct LapMarksChartTests {
    @Test("on a course of 3 laps, a finished runner has a mark at the end of laps 1 and 2, its time as the tooltip")
    func lapMarks() {
        let course = CourseTerms(digest: "00a1b2c3d4e5f607", name: "lake.gpx", lengthCentimetres: 100_000, laps: 3)
        let terms = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 300_000), course: course)
        let samples = (0...16).map { ProgressSample(runnerName: "ana", elapsed: Double($0) * 60, distance: Double($0) * 200, runnerID: "a") }
        let record = RunRecord(
            id: "r1", runnerName: "ana", terms: terms, startedAt: Date(timeIntervalSince1970: 0), distance: 3_000, duration: 900,
            status: .finished,
            results: [RunnerResult(name: "ana", rank: 1, distance: 3_000, elapsed: 960, finishTime: 900, phase: .finished, isMe: true, runnerID: "a")],
            samples: samples
        )
        let svg = ProgressChart.svg(for: record)
        #expect(svg.components(separatedBy: #"class="lap""#).count - 1 == 2)
        #expect(svg.contains("<title>lap 1: 5:00</title>") && svg.contains("<title>lap 2: 5:00</title>"))
        // Without laps, no marks.
        var single = record
        single.terms.course = nil
        #expect(!ProgressChart.svg(for: single).contains(#"class="lap""#))
    }
}

@Suite("records: course groups where their newest run falls")
struct RecordGroupsOrderTests {
    static func run(_ id: String, day: Int, course: CourseTerms?) -> RunRecord {
        RunRecord(
            id: id + String(repeating: "0", count: 8), runnerName: "alice",
            terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 120_000), course: course),
            startedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(day) * 86_400), distance: 1_200, duration: 400, status: .finished
        )
    }

    @Test("a course run of today is listed above last week's runs without a course, not below them all")
    func newestFirst() {
        let lake = CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 120_000)
        // Newest first, as records lists them: today's lake run, yesterday's loose run, last week's loose run.
        let records = [Self.run("c", day: 7, course: lake), Self.run("b", day: 6, course: nil), Self.run("a", day: 0, course: nil)]
        let lines = RecordText.grouped(records, among: records)
        let group = lines.firstIndex { $0.hasPrefix("course lake.gpx") }
        let yesterday = lines.firstIndex { $0.hasPrefix("b0000000") }
        let lastWeek = lines.firstIndex { $0.hasPrefix("a0000000") }
        #expect(group != nil && yesterday != nil && lastWeek != nil, "\(lines)")
        if let group, let yesterday, let lastWeek { #expect(group < yesterday && yesterday < lastWeek, "\(lines)") }
        // Without a course run: the one table, as before.
        let loose = Array(records.dropFirst())
        #expect(RecordText.grouped(loose, among: loose) == RecordText.table(loose, among: loose))
    }

    @Test("loose runs on both sides of a course group: two tables with the same columns")
    func split() {
        let lake = CourseTerms(digest: "00112233aabbccdd", name: "lake.gpx", lengthCentimetres: 120_000)
        let records = [Self.run("d", day: 9, course: nil), Self.run("c", day: 7, course: lake), Self.run("b", day: 6, course: nil)]
        let lines = RecordText.grouped(records, among: records)
        #expect(lines.filter { $0.hasPrefix("ID ") }.count == 2, "\(lines)")
        #expect(lines.first?.hasPrefix("ID ") == true && lines[1].hasPrefix("d0000000"), "\(lines)")
    }
}
