import Foundation

/// What the end-to-end audio tests read back: the cue log, the race's events as its JSON stream says
/// them, and the sound of the WAV as sox decodes it.
enum AudioCheck {
    /// One line of the cue log.
    struct Cue {
        let time: String
        let at: Double
        let kind: String
        let text: String
        let outcome: String
        let start: Double?
        let duration: Double?
    }

    static func cues(_ url: URL) throws -> [Cue] {
        try String(contentsOf: url, encoding: .utf8).split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] ?? [:]
            return Cue(time: object["time"] as? String ?? "", at: object["at_s"] as? Double ?? -1, kind: object["kind"] as? String ?? "",
                       text: object["text"] as? String ?? "", outcome: object["outcome"] as? String ?? "",
                       start: object["start_s"] as? Double, duration: object["duration_s"] as? Double)
        }
    }

    // MARK: The race's events, from its JSON stream

    /// `(time, kind)` of every split, pass and cheer the stream holds, in order, by the rules
    /// docs/FRONTENDS.md gives: a split when our distance first reaches a multiple of `split` below
    /// the goal while running (the farthest one if a frame reaches several); a pass when a running mate
    /// who led us by 5 m or more trails us by 5 m or more, or the other way round, at the same running
    /// time (`time_s`: the later runner's distance against the other's then, read between the frames
    /// around it; the first such side is the start order, not a pass); every cheer frame.
    static func events(_ lines: [[String: Any]], split: Double) -> [(time: String, kind: String)] {
        var events: [(time: String, kind: String)] = []
        var splitsSaid = 0
        var sides: [String: Bool] = [:]
        var tracks: [String: [(seconds: Double, metres: Double)]] = [:]
        /// Where `id` was at running time `seconds`, from the frames so far; nil before its first.
        func metres(_ id: String, at seconds: Double) -> Double? {
            let track = tracks[id] ?? []
            guard let first = track.first, seconds >= first.seconds else { return nil }
            guard let after = track.firstIndex(where: { $0.seconds >= seconds }) else { return track.last?.metres }
            guard after > 0, track[after].seconds > seconds else { return track[after].metres }
            let (a, b) = (track[after - 1], track[after])
            return a.metres + (b.metres - a.metres) * (seconds - a.seconds) / (b.seconds - a.seconds)
        }
        for line in lines {
            let time = line["time"] as? String ?? ""
            switch line["type"] as? String {
            case "cheer":
                events.append((time, "cheer"))
            case "status" where line["stage"] as? String != "waiting":
                let runners = line["runners"] as? [[String: Any]] ?? []
                guard let me = runners.first(where: { $0["me"] as? Bool == true }) else { continue }
                let distance = me["distance_m"] as? Double ?? 0
                let running = me["state"] as? String == "running"
                let reached = Int(distance / split)
                if reached > splitsSaid {
                    splitsSaid = reached
                    if running && Double(reached) * split < (line["goal_m"] as? Double ?? .infinity) - 0.5 { events.append((time, "split")) }
                }
                guard line["mode"] as? String == "race" else { continue }
                for runner in runners {
                    guard let id = runner["id"] as? String, let seconds = runner["time_s"] as? Double else { continue }
                    if let last = tracks[id]?.last, seconds <= last.seconds { continue }
                    tracks[id, default: []].append((seconds, runner["distance_m"] as? Double ?? 0))
                }
                guard running, let myId = me["id"] as? String, let myTime = me["time_s"] as? Double else { continue }
                for mate in runners where mate["me"] as? Bool != true && mate["state"] as? String == "running" {
                    guard let id = mate["id"] as? String, let mateTime = mate["time_s"] as? Double else { continue }
                    let mateDistance = mate["distance_m"] as? Double ?? 0
                    let lead = mateTime < myTime ? metres(myId, at: mateTime).map { mateDistance - $0 }
                        : myTime < mateTime ? metres(id, at: myTime).map { $0 - distance } : mateDistance - distance
                    guard let lead, abs(lead) >= 5 else { continue }
                    if let before = sides.updateValue(lead > 0, forKey: id), before != (lead > 0) { events.append((time, "pass")) }
                }
            default:
                break
            }
        }
        return events
    }

    // MARK: The WAV, through sox

    /// Runs sox with `arguments`; its standard output.
    static func sox(_ arguments: [String]) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        _ = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw SoxFailed(arguments: arguments) }
        return data
    }

    /// The WAV's length in seconds (`sox --i -D`).
    static func duration(_ wav: URL) throws -> Double {
        Double(String(decoding: try sox(["--i", "-D", wav.path]), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    }

    /// The spans where the WAV is not silent, as (start, end) in seconds: sox decodes it to 8 kHz
    /// samples, a 10 ms window is loud when its RMS is over 1 % of full scale, and loud windows less
    /// than `bridge` seconds apart (the pauses inside a sentence) make one span.
    static func loudSpans(_ wav: URL, bridge: Double = 0.6) throws -> [(start: Double, end: Double)] {
        let data = try sox([wav.path, "-t", "raw", "-e", "signed", "-b", "16", "-c", "1", "-r", "8000", "-"])
        let samples = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        let window = 80
        var spans: [(start: Double, end: Double)] = []
        for index in stride(from: 0, to: samples.count, by: window) {
            let chunk = samples[index..<min(samples.count, index + window)]
            let rms = (chunk.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(chunk.count)).squareRoot()
            guard rms > 328 else { continue }
            let (start, end) = (Double(index) / 8000, Double(index + chunk.count) / 8000)
            if let last = spans.last, start - last.end < bridge {
                spans[spans.count - 1].end = end
            } else {
                spans.append((start, end))
            }
        }
        return spans
    }

    /// The spans the cue log says sound (played and cut cues), joined the same way as `loudSpans`.
    static func expectedSpans(_ cues: [Cue], bridge: Double = 0.6) -> [(start: Double, end: Double)] {
        let played = cues.compactMap { cue in cue.start.flatMap { start in cue.duration.map { (start, start + $0) } } }.sorted { $0.0 < $1.0 }
        var spans: [(start: Double, end: Double)] = []
        for (start, end) in played {
            if let last = spans.last, start - last.end < bridge {
                spans[spans.count - 1].end = max(last.end, end)
            } else {
                spans.append((start, end))
            }
        }
        return spans
    }

    /// sox's rough frequency of `duration` seconds of the WAV from `start` (`stat`).
    static func frequency(_ wav: URL, at start: Double, duration: Double) throws -> Double? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sox")
        process.arguments = [wav.path, "-n", "trim", String(start), String(duration), "stat"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let line = text.split(separator: "\n").first { $0.hasPrefix("Rough   frequency:") }
        return line.flatMap { Double($0.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") }
    }

    struct SoxFailed: Error, CustomStringConvertible {
        let arguments: [String]
        var description: String { "sox \(arguments.joined(separator: " ")) failed: is sox installed (scripts/install-system-packages)?" }
    }
}
