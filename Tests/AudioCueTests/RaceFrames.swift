import FrontEndKit

/// Frames of a made-up race for the cue tests: a clock starting at 2027-01-15T08:00:00Z, our runner
/// alice and her mates, distances given in metres.
struct RaceFrames {
    var mode = "race"
    var goal = 1000.0

    /// The race-clock time `seconds` after 08:00:00.
    static func time(_ seconds: Double) -> String {
        let millis = Int((seconds * 1000).rounded())
        let (s, ms) = (millis / 1000, millis % 1000)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let msText = ms < 10 ? "00\(ms)" : ms < 100 ? "0\(ms)" : "\(ms)"
        return "2027-01-15T\(two(8 + s / 3600)):\(two(s / 60 % 60)):\(two(s % 60)).\(msText)Z"
    }

    /// A runner id made from the name: 16 hex digits.
    static func id(_ name: String) -> String {
        let hex = name.utf8.map { byte in (byte < 16 ? "0" : "") + String(byte, radix: 16) }.joined()
        return String((hex + String(repeating: "0", count: 16)).prefix(16))
    }

    static func runner(_ name: String, metres: Double, seconds: Double, rank: Int, state: String = "running",
                       me: Bool = false, finish: Double? = nil, offCourse: Bool? = nil) -> FrontEndRunner {
        FrontEndRunner(id: id(name),
                       name: name, me: me, rank: rank, state: state, distance: "", distanceMetres: metres, progress: 0,
                       leader: rank == 1, time: "", timeSeconds: seconds, finishSeconds: finish, offCourse: offCourse)
    }

    /// A status frame `seconds` into the race with alice at `alice` metres and each mate at theirs
    /// (ranked by distance, the way the host ranks them); a mate in `late` is shown as of that many
    /// seconds earlier (its `time_s`), as a mate's update arrives late.
    func status(_ seconds: Double, alice: Double, mates: [(String, Double)] = [], states: [String: String] = [:],
                offCourse: Bool? = nil, late: [String: Double] = [:]) -> FrontEndFrame {
        let entries = [("alice", alice)] + mates
        let ranked = entries.sorted { $0.1 > $1.1 }
        let runners = ranked.enumerated().map { index, entry in
            let state = states[entry.0] ?? "running"
            return Self.runner(entry.0, metres: entry.1, seconds: seconds - (late[entry.0] ?? 0), rank: state == "cancelled" ? 0 : index + 1, state: state,
                               me: entry.0 == "alice", finish: state == "finished" ? seconds : nil,
                               offCourse: entry.0 == "alice" ? offCourse : nil)
        }
        return FrontEndFrame(type: .status, time: Self.time(seconds), stage: "running", elapsedSeconds: seconds, mode: mode,
                             goal: "", goalMetres: goal, runners: runners)
    }
}
