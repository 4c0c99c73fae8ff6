import Domain
import Foundation

/// A recorded run's progress as an SVG chart: every runner's distance over time (one coloured
/// polyline each), the goal as a dashed line, a mark where each runner finished, and a legend with the
/// ranking. Readable at a glance: the line that reaches the goal line first is the winner.
public enum ProgressChart {
    static let width = 900.0
    static let height = 520.0
    static let plot = (left: 80.0, right: 680.0, top: 70.0, bottom: 450.0)
    static let palette = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf"]

    /// The SVG document for `record`.
    public static func svg(for record: RunRecord) -> String {
        let runners = ChartRunner.runners(of: record)
        let team = record.terms.mode == .team ? TeamTotal.points(of: runners) : []
        let longest = runners.flatMap(\.points).map(\.elapsed).max() ?? 0
        let farthest = max(runners.flatMap(\.points).map(\.distance).max() ?? 0, team.map(\.distance).max() ?? 0)
        let time = ChartScale(
            maximum: longest, steps: [10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200], maxTicks: 10,
            start: plot.left, end: plot.right
        )
        let distance = ChartScale(
            maximum: max(record.terms.goal.metres, farthest) * 1.04,
            steps: [50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000], maxTicks: 8,
            start: plot.bottom, end: plot.top
        )
        var svg = [
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(width))" height="\##(Int(height))" viewBox="0 0 \##(Int(width)) \##(Int(height))" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">"##,
            ##"<rect width="100%" height="100%" fill="white"/>"##,
            ##"<text x="\##(plot.left)" y="32" font-size="20" font-weight="bold">\##(escape(title(of: record)))</text>"##,
        ]
        svg += axes(time: time, distance: distance)
        let goalY = format(distance.position(record.terms.goal.metres))
        svg.append(##"<line class="goal" x1="\##(plot.left)" y1="\##(goalY)" x2="\##(plot.right)" y2="\##(goalY)" stroke="#444" stroke-width="2" stroke-dasharray="8 5"/>"##)
        svg.append(##"<text x="\##(plot.left + 6)" y="\##(format(distance.position(record.terms.goal.metres) - 6))" font-size="13" text-anchor="start" fill="#444">goal \##(DisplayFormat.distance(record.terms.goal.metres))</text>"##)
        let splits = RecordSplits(record)
        for (index, runner) in runners.enumerated() {
            svg += lines(of: runner, index: index, time: time, distance: distance)
            let laps = splits.runners.first { $0.id == runner.result?.runnerID }?.laps ?? []
            svg += lapMarks(laps, index: index, time: time, distance: distance)
        }
        if !team.isEmpty {
            let points = team.map { "\(format(time.position($0.elapsed))),\(format(distance.position($0.distance)))" }
            svg.append(##"<polyline class="team" points="\##(points.joined(separator: " "))" fill="none" stroke="#222" stroke-width="3" stroke-dasharray="2 4"/>"##)
        }
        svg += legend(runners, team: !team.isEmpty)
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    // MARK: Parts

    private static func axes(time: ChartScale, distance: ChartScale) -> [String] {
        var parts: [String] = []
        for tick in time.ticks {
            let x = format(time.position(tick))
            parts.append(##"<line x1="\##(x)" y1="\##(plot.top)" x2="\##(x)" y2="\##(plot.bottom)" stroke="#e4e4e4"/>"##)
            parts.append(##"<text x="\##(x)" y="\##(plot.bottom + 20)" font-size="12" text-anchor="middle" fill="#333">\##(DisplayFormat.elapsed(tick))</text>"##)
        }
        for tick in distance.ticks {
            let y = format(distance.position(tick))
            parts.append(##"<line x1="\##(plot.left)" y1="\##(y)" x2="\##(plot.right)" y2="\##(y)" stroke="#e4e4e4"/>"##)
            parts.append(##"<text x="\##(plot.left - 8)" y="\##(y)" dy="4" font-size="12" text-anchor="end" fill="#333">\##(DisplayFormat.kilometres(tick))</text>"##)
        }
        parts.append(##"<rect x="\##(plot.left)" y="\##(plot.top)" width="\##(plot.right - plot.left)" height="\##(plot.bottom - plot.top)" fill="none" stroke="#888"/>"##)
        parts.append(##"<text x="\##((plot.left + plot.right) / 2)" y="\##(plot.bottom + 44)" font-size="14" text-anchor="middle">time (mm:ss)</text>"##)
        parts.append(##"<text x="22" y="\##((plot.top + plot.bottom) / 2)" font-size="14" text-anchor="middle" transform="rotate(-90 22 \##((plot.top + plot.bottom) / 2))">distance (km)</text>"##)
        return parts
    }

    private static func lines(of runner: ChartRunner, index: Int, time: ChartScale, distance: ChartScale) -> [String] {
        let colour = palette[index % palette.count]
        let points = runner.points.map { "\(format(time.position($0.elapsed))),\(format(distance.position($0.distance)))" }
        let width = runner.isMe ? 3.5 : 2.5
        // A ghost (a recorded run replayed in the race) is drawn dashed, its class says so.
        let ghost = runner.result?.isGhost == true
        var parts = [##"<polyline class="runner\##(ghost ? " ghost" : "")" data-runner="\##(escape(runner.name))" points="\##(points.joined(separator: " "))" fill="none" stroke="\##(colour)" stroke-width="\##(width)"\##(ghost ? #" stroke-dasharray="8 5""# : "") stroke-linejoin="round"/>"##]
        if let finish = runner.result?.finishTime, runner.result?.phase == .finished {
            let x = format(time.position(finish))
            let y = format(distance.position(min(runner.points.last?.distance ?? 0, distance.upper)))
            parts.append(##"<circle class="finish" cx="\##(x)" cy="\##(y)" r="7" fill="\##(colour)" stroke="white" stroke-width="2"/>"##)
            parts.append(##"<text x="\##(x)" y="\##(y)" dy="\##(-14 - 16 * index)" font-size="12" text-anchor="end" fill="\##(colour)" font-weight="bold">\##(runner.finishLabel)</text>"##)
        } else if let last = runner.points.last, runner.result?.phase == .cancelled {
            let (x, y) = (time.position(last.elapsed), distance.position(last.distance))
            parts.append(##"<path class="cancelled" d="M\##(format(x - 6)) \##(format(y - 6)) L\##(format(x + 6)) \##(format(y + 6)) M\##(format(x - 6)) \##(format(y + 6)) L\##(format(x + 6)) \##(format(y - 6))" stroke="\##(colour)" stroke-width="3"/>"##)
        }
        return parts
    }

    /// On a course with laps: a tick where each lap (but the last: the finish has its mark) ended, its
    /// time as the tooltip, as `records show` lists it.
    private static func lapMarks(_ laps: [Splits.Split], index: Int, time: ChartScale, distance: ChartScale) -> [String] {
        let colour = palette[index % palette.count]
        return laps.dropLast().map { lap in
            let (x, y) = (format(time.position(lap.at)), format(distance.position(lap.distance)))
            return ##"<circle class="lap" cx="\##(x)" cy="\##(y)" r="4" fill="white" stroke="\##(colour)" stroke-width="2"><title>lap \##(lap.number): \##(DisplayFormat.splitTime(lap.duration))</title></circle>"##
        }
    }

    private static func legend(_ runners: [ChartRunner], team: Bool) -> [String] {
        var parts: [String] = []
        if team {
            let y = plot.top + 14 + Double(runners.count) * 40
            parts.append(##"<line x1="\##(plot.right + 20)" y1="\##(y)" x2="\##(plot.right + 48)" y2="\##(y)" stroke="#222" stroke-width="3" stroke-dasharray="2 4"/>"##)
            parts.append(##"<text x="\##(plot.right + 56)" y="\##(y + 5)" font-size="15">team total</text>"##)
        }
        for (index, runner) in runners.enumerated() {
            let y = plot.top + 14 + Double(index) * 40
            let colour = palette[index % palette.count]
            parts.append(##"<line x1="\##(plot.right + 20)" y1="\##(y)" x2="\##(plot.right + 48)" y2="\##(y)" stroke="\##(colour)" stroke-width="4"/>"##)
            parts.append(##"<text x="\##(plot.right + 56)" y="\##(y + 5)" font-size="15" font-weight="\##(runner.isMe ? "bold" : "normal")">\##(escape(runner.name + (runner.result?.isGhost == true ? " (ghost)" : "")))</text>"##)
            parts.append(##"<text x="\##(plot.right + 56)" y="\##(y + 22)" font-size="12" fill="#555">\##(escape(runner.summary))</text>"##)
        }
        return parts
    }

    static func title(of record: RunRecord) -> String {
        let day = record.startedAt.formatted(Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC") ?? .gmt).year().month().day())
        return "\(record.terms.mode) to \(DisplayFormat.distance(record.terms.goal.metres)), \(day), \(record.status)"
    }

    static func format(_ value: Double) -> String {
        String(format: "%.1f", value)
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
