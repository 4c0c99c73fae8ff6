extension Phrases {
    /// English, the default.
    static let english = Phrases(
        distance: { metres in
            if metres < 1000 { return "\(Int(metres.rounded())) metres" }
            let kilometres = Phrases.decimal(metres / 1000)
            return kilometres == "1" ? "1 kilometre" : "\(kilometres) kilometres"
        },
        duration: { seconds in
            Phrases.clockParts(seconds, hour: ("hour", "hours"), minute: ("minute", "minutes"), second: ("second", "seconds"))
        },
        ordinal: { rank in
            let suffix = (11...13).contains(rank % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][rank % 10] ?? "th"
            return "\(rank)\(suffix)"
        },
        sentences: Sentences(
            split: { distance, time, pace, rank in
                "\(distance) in \(time)" + (pace.map { ", pace \($0) per kilometre" } ?? "") + (rank.map { ", \($0.0) of \($0.1)" } ?? "")
            },
            passedBy: { "\($0) passed you" },
            passed: { "you passed \($0)" },
            behind: { "\($0) leads by \($1)" },
            ahead: { "you lead \($0) by \($1)" },
            level: { "you are level with \($0)" },
            mateFinished: { name, rank, time in "\(name) finished" + (rank.map { " \($0)" } ?? "") + " in \(time)" },
            mateCancelled: { "\($0) cancelled" },
            mateLost: { "lost contact with \($0)" },
            mateBack: { "\($0) is back" },
            youFinished: { time, rank in "you finished" + (rank.map { " \($0.0) of \($0.1)" } ?? "") + " in \(time)" },
            youCancelled: "you cancelled your run",
            cheer: { name, target in
                switch target {
                case .you: "\(name) cheers you"
                case .everyone: "\(name) cheers"
                case .mate(let mate): "\(name) cheers \(mate)"
                }
            },
            offCourse: "off course",
            backOnCourse: "back on course",
            invitation: { name, mode, goal, code in
                let run = mode == "team" ? "a team run" : mode == "single" ? "a run" : "a race"
                return "\(name) invites you to \(run) to \(goal)."
                    + (code.map { " Code \($0). Accept only if \(name)'s screen shows the same code." } ?? "")
            },
            result: { winner, me in
                var parts: [String] = []
                if let winner { parts.append("\(winner.0) wins in \(winner.1).") } else { parts.append("Nobody finished.") }
                if let me { parts.append(me.0.map { "You are \($0) in \(me.1)." } ?? "You ran \(me.1).") }
                return parts.joined(separator: " ")
            }
        )
    )

    /// A number with at most two decimals and no trailing zeros: `1`, `2.5`, `0.25`.
    static func decimal(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, fraction = hundredths % 100
        if fraction == 0 { return "\(whole)" }
        return fraction % 10 == 0 ? "\(whole).\(fraction / 10)" : "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `1 hour 3 minutes`, `5 minutes 12 seconds`, `45 seconds`: whole seconds, seconds left out past an hour.
    static func clockParts(_ seconds: Double, hour: (String, String), minute: (String, String), second: (String, String)) -> String {
        let total = max(0, Int(seconds.rounded()))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        func part(_ count: Int, _ unit: (String, String)) -> String { "\(count) \(count == 1 ? unit.0 : unit.1)" }
        if h > 0 { return m > 0 ? "\(part(h, hour)) \(part(m, minute))" : part(h, hour) }
        if m > 0 { return s > 0 ? "\(part(m, minute)) \(part(s, second))" : part(m, minute) }
        return part(s, second)
    }
}
