import Domain
import Foundation
import Presentation
import Testing

@Suite("ProgressChart: a recorded run as SVG")
struct ProgressChartTests {
    static let record: RunRecord = {
        var samples: [ProgressSample] = []
        for second in 0...10 {
            let time = Double(second) * 10
            let carol = Double(min(second, 4))
            samples.append(ProgressSample(runnerName: "alice", elapsed: time, distance: Double(second) * 40))
            samples.append(ProgressSample(runnerName: "bob & co", elapsed: time, distance: Double(second) * 30))
            samples.append(ProgressSample(runnerName: "carol", elapsed: carol * 10, distance: carol * 20))
        }
        return RunRecord(
            id: "r", runnerName: "alice", terms: RaceTerms(mode: .race, goal: RaceGoal(centimetres: 40_000)),
            startedAt: Date(timeIntervalSince1970: 1_795_158_000), distance: 400, duration: 100, status: .finished,
            results: [
                RunnerResult(name: "alice", rank: 1, distance: 400, elapsed: 100, finishTime: 100, phase: .finished, isMe: true),
                RunnerResult(name: "bob & co", rank: 2, distance: 300, elapsed: 100, finishTime: nil, phase: .running, isMe: false),
                RunnerResult(name: "carol", rank: 0, distance: 80, elapsed: 40, finishTime: nil, phase: .cancelled, isMe: false),
            ],
            samples: samples
        )
    }()

    @Test("one runner polyline per runner, starting at the origin, names escaped")
    func polylines() {
        let svg = ProgressChart.svg(for: Self.record)
        let lines = svg.split(separator: "\n").filter { $0.contains(#"<polyline class="runner""#) }
        #expect(lines.count == 3)
        #expect(lines.allSatisfy { $0.contains(#"points="80.0,450.0 "#) }, "every line starts at 0 s, 0 m")
        #expect(svg.contains(#"data-runner="bob &amp; co""#))
        #expect(!svg.contains("bob & co"))
    }

    @Test("the goal line, a finish mark for the finisher, a cross for the cancelled runner, the legend")
    func marks() {
        let svg = ProgressChart.svg(for: Self.record)
        #expect(svg.components(separatedBy: #"class="goal""#).count == 2)
        #expect(svg.components(separatedBy: #"class="finish""#).count == 2)
        #expect(svg.components(separatedBy: #"class="cancelled""#).count == 2)
        #expect(svg.contains("#1 01:40"))
        #expect(svg.contains("goal 0.40 km"))
        #expect(svg.contains("cancelled, 0.08 km in 00:40"))
        #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>\n"))
    }

    @Test("a team run adds the team total line and names no rank")
    func team() {
        var record = Self.record
        record.terms.mode = .team
        let svg = ProgressChart.svg(for: record)
        #expect(svg.components(separatedBy: #"<polyline class="team""#).count == 2)
        #expect(svg.components(separatedBy: #"<polyline class="runner""#).count == 4)
        #expect(svg.contains("team total"))
        #expect(!svg.contains(">#1") && !svg.contains(">#2") && svg.contains(">01:40<"))
    }
}
