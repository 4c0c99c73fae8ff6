import FrontEndKit

/// Lays frames out as lines of text.
enum TextLayout {
    static let barWidth = 20

    static func status(_ frame: FrontEndFrame, columns: Int, color: Bool) -> [String] {
        let runners = frame.runners ?? []
        let nameWidth = min(12, runners.map(\.name.count).max() ?? 4)
        let header = "\(frame.elapsed ?? "00:00")  goal \(frame.goal ?? "?")  \(stageText(frame.stage))"
        var lines = [fit(header.count + 12 <= columns ? "MateRunner  " + header : header, columns: columns)]
        for runner in runners {
            let percent = pad(String(Int((runner.progress * 100).rounded(.down))) + "%", to: 4, right: true)
            var wide = RunnerLine(
                before: "\(runner.leader ? "*" : " ") \(pad(runner.name, to: nameWidth))\(runner.me ? " (you)" : "      ") "
                    + "\(pad(runner.distance, to: 9, right: true)) ",
                after: " \(percent)  \(runner.state)\(runner.state == "finished" ? " in \(runner.time)" : "")"
            )
            // Narrow terminals: markers instead of words, "*" the leader and ">" you.
            let compact = RunnerLine(
                before: "\(runner.leader ? "*" : " ")\(runner.me ? ">" : " ") \(pad(runner.name, to: nameWidth)) "
                    + "\(pad(runner.distance.replacingOccurrences(of: " km", with: ""), to: 5, right: true)) ",
                after: " \(percent)\(runner.state == "finished" ? " \(runner.time)" : runner.state == "running" ? "" : " \(runner.state)")"
            )
            if wide.barWidth(columns: columns) < 10 { wide = compact }
            lines.append(wide.render(progress: runner.progress, columns: columns, color: color))
        }
        return lines
    }

    static func result(_ frame: FrontEndFrame, color: Bool) -> [String] {
        var lines = ["Result: \(frame.mode ?? "race") to \(frame.goal ?? "?")"]
        let nameWidth = min(12, (frame.runners ?? []).map(\.name.count).max() ?? 4)
        for runner in frame.runners ?? [] {
            let time = runner.finishSeconds != nil ? runner.time : "did not finish"
            var line = "  \(runner.rank). \(pad(runner.name, to: nameWidth)) \(pad(runner.distance, to: 9, right: true))  \(time)"
            if runner.rank == 1, runner.state == "finished" { line += color ? "  \u{1B}[1mwinner\u{1B}[0m" : "  winner" }
            if runner.state == "lost" { line += "  (lost)" }
            lines.append(line)
        }
        if let winner = frame.winner { lines.append("Winner: \(winner.name)") }
        return lines
    }

    static func progressBar(_ progress: Double, width: Int = barWidth, color: Bool) -> String {
        let filled = Int((min(1, max(0, progress)) * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return color ? "[\u{1B}[32m\(bar.prefix(filled))\u{1B}[0m\(bar.dropFirst(filled))]" : "[\(bar)]"
    }

    private static func stageText(_ stage: String?) -> String {
        switch stage {
        case "waiting": "waiting for mates"
        case "complete": "finished"
        default: stage ?? ""
        }
    }

    /// A runner's line: text before and after a progress bar that takes the width left over.
    private struct RunnerLine {
        var before: String
        var after: String

        func barWidth(columns: Int) -> Int {
            min(TextLayout.barWidth, columns - before.count - after.count - 2)
        }

        func render(progress: Double, columns: Int, color: Bool) -> String {
            let width = max(5, barWidth(columns: columns))
            let plain = before + progressBar(progress, width: width, color: false) + after
            return plain.count <= columns ? before + progressBar(progress, width: width, color: color) + after : fit(plain, columns: columns)
        }
    }

    fileprivate static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let cut = String(text.prefix(width))
        let space = String(repeating: " ", count: max(0, width - cut.count))
        return right ? space + cut : cut + space
    }

    /// Cuts a line without escape codes to the terminal width.
    fileprivate static func fit(_ line: String, columns: Int) -> String {
        line.count <= columns ? line : String(line.prefix(columns))
    }
}
