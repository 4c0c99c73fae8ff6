import FrontEndKit

/// Lays frames out as lines of text that fit `columns` terminal columns.
enum TextLayout {
    static let barWidth = 20

    // MARK: Status

    static func status(_ frame: FrontEndFrame, columns: Int, color: Bool) -> [String] {
        let runners = frame.runners ?? []
        // Names get at most 12 columns, fewer on narrow terminals (8 at 40 columns).
        let nameWidth = min(12, max(6, columns / 5), runners.map { TextWidth.of($0.name) }.max() ?? 4)
        let header = "\(frame.elapsed ?? "00:00")  goal \(frame.goal ?? "?")  \(stageText(frame.stage))"
        var lines = [fit(TextWidth.of(header) + 12 <= columns ? "MateRunner  " + header : header, columns: columns)]
        // The position source (gpsd, a replay): beside the header when it fits, else on a line of its own.
        if let position = frame.position, position.isWorthShowing {
            if TextWidth.of(lines[0]) + 2 + TextWidth.of(position.summary) <= columns {
                lines[0] += "  " + position.summary
            } else {
                lines.append(fit(position.summary, columns: columns))
            }
        }
        // Why the distance may not grow with a fix on screen: what the noise filter dropped.
        if let dropped = frame.position?.droppedFixes {
            lines.append(fit(dropped.summary, columns: columns))
        }
        // A team run: the group's distance toward the goal, on a line of its own.
        if frame.mode == "team", let message = frame.message, message.hasPrefix("team:") {
            lines.append(fit(message, columns: columns))
        }
        // One layout for every runner (the richest where every bar keeps 10 columns), bars of one width.
        let candidates = runners.map { RunnerLine.candidates($0, nameWidth: nameWidth, color: color) }
        let levels = 0..<RunnerLine.levels
        let level = levels.first { level in candidates.allSatisfy { $0[level].barWidth(columns: columns) >= 10 } }
            ?? RunnerLine.levels - 1
        let width = candidates.map { $0[level].barWidth(columns: columns) }.min() ?? barWidth
        for (runner, lineCandidates) in zip(runners, candidates) {
            lines.append(lineCandidates[level].render(progress: runner.progress, barWidth: width, columns: columns, color: color))
        }
        return lines + lapLines(runners, columns: columns)
    }

    /// On a course with laps: one line per runner with laps done, "alice laps 4:01 3:58".
    static func lapLines(_ runners: [FrontEndRunner], columns: Int) -> [String] {
        runners.compactMap { runner in
            guard let laps = runner.laps, !laps.isEmpty else { return nil }
            return fit("  \(runner.name) laps \(laps.joined(separator: " "))", columns: columns)
        }
    }

    // MARK: Result

    static func result(_ frame: FrontEndFrame, columns: Int, color: Bool) -> [String] {
        var lines = ["Result: \(frame.mode ?? "race") to \(frame.goal ?? "?")"]
        let runners = frame.runners ?? []
        let nameWidth = min(12, runners.map { TextWidth.of($0.name) }.max() ?? 4)
        let withPace = runners.contains { $0.pace != nil } && columns >= 56
        let withCalories = runners.contains { $0.calories != nil } && columns >= 68
        var rows: [String] = []
        // A run stopped before the end: nobody's time is final yet.
        let complete = frame.stage == nil || frame.stage == "complete"
        let times = runners.map { runner in
            runner.finishSeconds != nil ? runner.time
                : runner.state == "cancelled" ? "cancelled" : complete ? "did not finish" : runner.time
        }
        // Every state in full: the column is as wide as its widest entry.
        let timeWidth = max(8, times.map { TextWidth.of($0) }.max() ?? 0)
        // A cancelled runner is out of the ranking: no rank, listed below the ranked ones.
        let rankWidth = max(1, runners.compactMap { $0.rank.map { String($0).count } }.max() ?? 1)
        for (runner, time) in zip(runners, times) {
            let rank = runner.rank.map { TextWidth.pad("\($0).", to: rankWidth + 1, right: true) }
                ?? TextWidth.pad("-", to: rankWidth + 1, right: true)
            var line = "  \(rank) \(TextWidth.pad(runner.name, to: nameWidth)) "
                + "\(TextWidth.pad(runner.distance, to: 9, right: true))  \(TextWidth.pad(time, to: timeWidth))"
            if withPace { line += "  " + TextWidth.pad(runner.pace ?? "", to: 10) }
            if withCalories { line += "  " + TextWidth.pad(runner.calories ?? "", to: 9) }
            while line.hasSuffix(" ") { line.removeLast() }
            rows.append(line)
        }
        // Markers after the last column, lined up.
        let width = rows.map { TextWidth.of($0) }.max() ?? 0
        for (runner, row) in zip(runners, rows) {
            let padded = row + String(repeating: " ", count: width - TextWidth.of(row))
            let from = runner.announcedBy.map { ", from \($0)" } ?? ""
            let ghostMark = runner.ghost == true ? (color ? " 👻\(from)" : " (ghost\(from))") : ""
            if runner.rank == 1, runner.state == "finished", frame.winner?.id == runner.id {
                lines.append(padded + (color ? "  \u{1B}[1mwinner\u{1B}[0m" : "  winner") + ghostMark)
            } else if runner.state == "lost" {
                lines.append(padded + "  (lost)")
            } else if runner.ghost == true {
                lines.append(padded + (color ? "  👻 ghost\(from)" : "  (ghost\(from))"))
            } else {
                lines.append(row)
            }
        }
        lines += lapLines(runners, columns: columns)
        if let winner = frame.winner {
            lines.append("Winner: \(winner.ghost == true ? "the ghost " : "")\(winner.name)")
        } else if (frame.mode == "team" || !complete), let message = frame.message {
            lines.append(message.prefix(1).uppercased() + message.dropFirst())
        }
        return lines.map { $0.contains("\u{1B}") ? $0 : fit($0, columns: columns) }
    }

    // MARK: Invitations, countdown, cheers

    /// An invitation: the offer with the seconds left while it is open, else where it stands.
    static func invitation(_ invitation: FrontEndInvitation) -> String {
        if let invitee = invitation.invitee {
            // The host confirms an invitee's code.
            guard invitation.isOpen else {
                return "\(invitee)'s code: " + (invitation.state == "accepted" ? "confirmed" : "did not match, \(invitee) not admitted")
            }
            return "\(invitee)'s code: \(invitation.code ?? "") (\(Int(invitation.secondsLeft.rounded(.up))) s): accept only if \(invitee)'s screen shows it"
        }
        guard invitation.isOpen else {
            let standing = switch invitation.state {
            case "accepted": "accepted, waiting for \(invitation.from) to start the run"
            case "declined": "declined"
            case "expired": "expired (not answered in time)"
            case "withdrawn": "withdrawn by \(invitation.from)"
            case "refused": "refused: the answer came too late"
            case "missed": "started without you"
            case "starting": "accepted, starting"
            default: invitation.state ?? ""
            }
            return "\(invitation.from)'s invitation: \(standing)"
        }
        let offer = "\(invitation.from) invites you: \(invitation.mode) to \(invitation.goal) (\(Int(invitation.secondsLeft.rounded(.up))) s to answer)"
        if invitation.paired == true { return offer + " paired" + (invitation.code.map { " (code \($0))" } ?? "") }
        guard let code = invitation.code else { return offer }
        return offer + " code \(code): accept only if \(invitation.from)'s screen shows it"
    }

    /// The line of a `course` frame: `course Lake loop (lake.gpx): 1.91 km × 3 laps, digest 00a1b2c3d4e5f607`.
    static func course(_ course: FrontEndCourse) -> String {
        "course \(course.name)\(course.name == course.file ? "" : " (\(course.file))"): \(course.length)"
            + (course.laps > 1 ? " × \(course.laps) laps" : "") + ", digest \(course.digest)"
    }

    static func countdown(_ countdown: FrontEndCountdown) -> String {
        countdown.secondsLeft > 0 ? "Starting in \(countdown.secondsLeft)..." : "GO!"
    }

    static func progressBar(_ progress: Double, width: Int = barWidth, color: Bool) -> String {
        let filled = Int((min(1, max(0, progress)) * Double(width)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: width - filled)
        return color ? "[\u{1B}[32m\(bar.prefix(filled))\u{1B}[0m\(bar.dropFirst(filled))]" : "[\(bar)]"
    }

    /// A line without escape codes wrapped at spaces to the terminal width, every word kept: the lines
    /// after the first are indented by two spaces; a word wider than a line is split.
    static func wrap(_ line: String, columns: Int) -> [String] {
        let indent = columns > 8 ? "  " : ""
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            var word = word
            while true {
                let prefix = lines.isEmpty ? "" : indent
                let candidate = current.isEmpty ? prefix + word : current + " " + word
                if TextWidth.of(candidate) <= columns {
                    current = candidate
                    break
                }
                if !current.isEmpty {
                    // The word starts the next line.
                    lines.append(current)
                    current = ""
                    continue
                }
                // Alone and still too wide: as much of it as fits, the rest on the next line.
                let head = TextWidth.prefix(word, columns: max(1, columns - TextWidth.of(prefix)))
                let cut = head.isEmpty ? String(word.prefix(1)) : head
                lines.append(prefix + cut)
                word = String(word.dropFirst(cut.count))
                if word.isEmpty { break }
            }
        }
        if !current.isEmpty || lines.isEmpty { lines.append(current) }
        return lines
    }

    /// Cuts a line without escape codes to the terminal width.
    static func fit(_ line: String, columns: Int) -> String {
        TextWidth.prefix(line, columns: columns)
    }

    private static func stageText(_ stage: String?) -> String {
        switch stage {
        case "waiting": "waiting for mates"
        case "complete": "finished"
        default: stage ?? ""
        }
    }
}
