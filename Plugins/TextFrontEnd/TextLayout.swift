import FrontEndKit

/// Lays frames out as lines of text.
enum TextLayout {
    static let barWidth = 20

    static func status(_ frame: FrontEndFrame, columns: Int, color: Bool) -> [String] {
        let runners = frame.runners ?? []
        let nameWidth = min(12, runners.map(\.name.count).max() ?? 4)
        var lines = ["MateRunner  \(frame.elapsed ?? "00:00")  goal \(frame.goal ?? "?")  \(stageText(frame.stage))"]
        for runner in runners {
            let marker = runner.leader ? "*" : " "
            let name = pad(runner.name, to: nameWidth) + (runner.me ? " (you)" : "      ")
            let bar = progressBar(runner.progress, color: color)
            let percent = pad(String(Int((runner.progress * 100).rounded(.down))) + "%", to: 4, right: true)
            var line = "\(marker) \(name) \(pad(runner.distance, to: 9, right: true)) \(bar) \(percent)  \(runner.state)"
            if runner.state == "finished" { line += " in \(runner.time)" }
            lines.append(fit(line, columns: columns))
        }
        return lines
    }

    static func result(_ frame: FrontEndFrame, color: Bool) -> [String] {
        var lines = ["Result: \(frame.mode ?? "race") to \(frame.goal ?? "?")"]
        for runner in frame.runners ?? [] {
            let time = runner.finishSeconds != nil ? runner.time : "did not finish"
            var line = "  \(runner.rank). \(pad(runner.name, to: 12)) \(pad(runner.distance, to: 9, right: true))  \(time)"
            if runner.rank == 1, runner.state == "finished" { line += color ? "  \u{1B}[1mwinner\u{1B}[0m" : "  winner" }
            if runner.state == "lost" { line += "  (lost)" }
            lines.append(line)
        }
        if let winner = frame.winner { lines.append("Winner: \(winner.name)") }
        return lines
    }

    static func progressBar(_ progress: Double, color: Bool) -> String {
        let filled = Int((min(1, max(0, progress)) * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        return color ? "[\u{1B}[32m\(bar.prefix(filled))\u{1B}[0m\(bar.dropFirst(filled))]" : "[\(bar)]"
    }

    private static func stageText(_ stage: String?) -> String {
        switch stage {
        case "waiting": "waiting for mates"
        case "complete": "finished"
        default: stage ?? ""
        }
    }

    private static func pad(_ text: String, to width: Int, right: Bool = false) -> String {
        let cut = String(text.prefix(width))
        let space = String(repeating: " ", count: max(0, width - cut.count))
        return right ? space + cut : cut + space
    }

    /// Cuts a line to the terminal width (escape codes are only in the bar, which comes early).
    private static func fit(_ line: String, columns: Int) -> String {
        line.count <= columns ? line : String(line.prefix(columns))
    }
}
