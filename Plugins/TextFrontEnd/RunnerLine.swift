import FrontEndKit

/// A runner's line: text before and after a progress bar that takes the width left over.
struct RunnerLine {
    var before: String
    var after: String

    /// How many layouts `candidates` gives.
    static let levels = 5

    /// The layouts of one runner's line, richest first: the first whose bar is wide enough is drawn.
    /// The ghost's mark in the slot of "(you)": 👻 where colour (and so a capable terminal) is on, the
    /// word where it is not (TERM=dumb, NO_COLOR, a pipe).
    static func ghostMark(color: Bool) -> String {
        color ? " 👻   " : " ghost"
    }

    static func candidates(_ runner: FrontEndRunner, nameWidth: Int, color: Bool = false) -> [RunnerLine] {
        let percent = TextWidth.pad(String(Int((runner.progress * 100).rounded(.down))) + "%", to: 4, right: true)
        let name = TextWidth.pad(runner.name, to: nameWidth)
        // Along a course: "off course" (progress held) instead of running, and the lap after the first.
        let offCourse = runner.offCourse == true && runner.state == "running"
        let lap = runner.course.map { $0.lap > 1 ? "lap \($0.lap) " : "" } ?? ""
        let state = runner.state == "finished" ? "finished in \(runner.time)" : lap + (offCourse ? "off course" : runner.state)
        let pace = runner.pace.map { "  \($0)" } ?? ""
        let calories = runner.calories.map { "  \($0)" } ?? ""
        // A ghost a mate announced says whose it is: in an open race anyone may announce one.
        let announced = runner.ghost == true ? runner.announcedBy.map { ", from \($0)" } ?? "" : ""
        let mark = runner.me ? " (you)" : runner.ghost == true ? ghostMark(color: color) : "      "
        let wideBefore = "\(runner.leader ? "*" : " ") \(name)\(mark) "
            + "\(TextWidth.pad(runner.distance, to: 9, right: true)) "
        // Narrow terminals: markers instead of words, "*" the leader, ">" you and "~" a ghost; no unit, short states.
        let compactBefore = "\(runner.leader ? "*" : " ")\(runner.me ? ">" : runner.ghost == true ? "~" : " ") \(name) "
            + "\(TextWidth.pad(runner.distance.replacingOccurrences(of: " km", with: ""), to: 5, right: true)) "
        let shortState = runner.state == "finished" ? " \(runner.time)"
            : offCourse ? " off" : runner.state == "running" ? "" : " \(runner.state)"
        let shortPace = runner.pace.map { " " + $0.replacingOccurrences(of: " /km", with: "") } ?? ""
        return [
            RunnerLine(before: wideBefore, after: " \(percent)\(pace)\(calories)  \(state)\(announced)"),
            RunnerLine(before: wideBefore, after: " \(percent)\(pace)  \(state)\(announced)"),
            RunnerLine(before: wideBefore, after: " \(percent)  \(state)\(announced)"),
            RunnerLine(before: compactBefore, after: " \(percent)\(shortPace)\(shortState)"),
            RunnerLine(before: compactBefore, after: " \(percent)\(shortState)"),
        ]
    }

    func barWidth(columns: Int) -> Int {
        min(TextLayout.barWidth, columns - TextWidth.of(before) - TextWidth.of(after) - 2)
    }

    func render(progress: Double, barWidth: Int, columns: Int, color: Bool) -> String {
        let width = max(5, barWidth)
        let plain = before + TextLayout.progressBar(progress, width: width, color: false) + after
        return TextWidth.of(plain) <= columns
            ? before + TextLayout.progressBar(progress, width: width, color: color) + after
            : TextLayout.fit(plain, columns: columns)
    }
}
