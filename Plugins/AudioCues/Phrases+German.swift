extension Phrases {
    /// German (`audio.language=de`, voice `de`).
    static let german = Phrases(
        distance: { metres in
            if metres < 1000 { return "\(Int(metres.rounded())) Meter" }
            let kilometres = Phrases.decimal(metres / 1000).replacingComma()
            return kilometres == "1" ? "1 Kilometer" : "\(kilometres) Kilometer"
        },
        duration: { seconds in
            Phrases.clockParts(seconds, hour: ("Stunde", "Stunden"), minute: ("Minute", "Minuten"), second: ("Sekunde", "Sekunden"))
        },
        ordinal: { rank in "\(rank)" },
        sentences: Sentences(
            split: { distance, time, pace, rank in
                "\(distance) in \(time)" + (pace.map { ", Tempo \($0) pro Kilometer" } ?? "") + (rank.map { ", Platz \($0.0) von \($0.1)" } ?? "")
            },
            passedBy: { "\($0) hat dich überholt" },
            passed: { "du hast \($0) überholt" },
            behind: { "\($0) führt mit \($1)" },
            ahead: { "du führst vor \($0) mit \($1)" },
            level: { "du liegst gleichauf mit \($0)" },
            mateFinished: { name, rank, time in "\(name) ist im Ziel" + (rank.map { ", Platz \($0)" } ?? "") + ", in \(time)" },
            mateCancelled: { "\($0) hat abgebrochen" },
            mateLost: { "keine Verbindung zu \($0)" },
            mateBack: { "\($0) ist wieder da" },
            youFinished: { time, rank in "du bist im Ziel" + (rank.map { ", Platz \($0.0) von \($0.1)" } ?? "") + ", in \(time)" },
            youCancelled: "du hast deinen Lauf abgebrochen",
            cheer: { name, target in
                switch target {
                case .you: "\(name) feuert dich an"
                case .everyone: "\(name) feuert alle an"
                case .mate(let mate): "\(name) feuert \(mate) an"
                }
            },
            offCourse: "du bist von der Strecke abgekommen",
            backOnCourse: "du bist wieder auf der Strecke",
            invitation: { name, mode, goal, code in
                let run = mode == "team" ? "einem Teamlauf" : mode == "single" ? "einem Lauf" : "einem Rennen"
                return "\(name) lädt dich zu \(run) über \(goal) ein."
                    + (code.map { " Code \($0). Nimm nur an, wenn \(name) denselben Code zeigt." } ?? "")
            },
            result: { winner, me in
                var parts: [String] = []
                if let winner { parts.append("\(winner.0) gewinnt in \(winner.1).") } else { parts.append("Niemand ist im Ziel.") }
                if let me { parts.append(me.0.map { "Du bist auf Platz \($0), in \(me.1)." } ?? "Du bist \(me.1) gelaufen.") }
                return parts.joined(separator: " ")
            }
        )
    )
}

private extension String {
    /// `2.5` as German writes it: `2,5`.
    func replacingComma() -> String { String(map { $0 == "." ? "," : $0 }) }
}
