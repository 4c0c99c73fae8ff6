import Domain
import Foundation

/// How `peers` shows the runners discovery finds: a tab-separated text line, or one JSON object per
/// line with sorted keys (`instance`, `name`, `address`, `port`, `host`, and `id`, `state`, `race`,
/// `version` when advertised; `event` while watching: `appeared`, `updated`, `disappeared`).
public enum PeerText {
    /// One runner of the final list.
    public static func line(_ runner: DiscoveredRunner, json: Bool) -> String {
        json ? encode(PeerLine(runner)) : text(runner)
    }

    /// One change while watching: `+`, `~` or `-` before the text line, or the JSON object with `event`.
    public static func line(_ event: MateEvent, json: Bool) -> String {
        switch event {
        case .found(let runner): json ? encode(PeerLine(runner, event: "appeared")) : "+ " + text(runner)
        case .updated(let runner): json ? encode(PeerLine(runner, event: "updated")) : "~ " + text(runner)
        case .lost(let instance): json ? encode(PeerLine(lost: instance)) : "- \(instance)"
        }
    }

    /// What a list that found nobody says (text lines: on the output; JSON lines: an empty list on
    /// the output, this on standard error).
    public static func nothingFound(after seconds: TimeInterval) -> String {
        let shown = seconds == seconds.rounded() ? "\(Int(seconds))" : String(format: "%.1f", seconds)
        return "no mates found in \(shown) s: start materunner run on a mate's machine on this network (avahi-daemon running), "
            + "or look longer with --seconds"
    }

    // MARK: Fields

    private static func text(_ runner: DiscoveredRunner) -> String {
        let state = runner.state?.rawValue ?? "?"
        let race = runner.raceID.map { " race \($0)" } ?? ""
        let terms = self.terms(runner).map { "\t\($0)" } ?? ""
        return "\(runner.name)\t\(runner.address.host):\(runner.address.port)\t\(state)\(race)\(terms)\t(\(runner.instance))"
    }

    /// "race 2.00 km, course lake.gpx, speed-up 10", when the runner advertises its terms.
    static func terms(_ runner: DiscoveredRunner) -> String? {
        guard let mode = runner.mode, let goal = runner.goal else { return nil }
        var parts = ["\(mode == .single ? "alone" : "\(mode)") \(goal)"]
        if let course = runner.course { parts.append("course \(course)") }
        if let speedup = runner.speedup, speedup != 1 { parts.append("speed-up \(speedup == speedup.rounded() ? "\(Int(speedup))" : "\(speedup)")") }
        return parts.joined(separator: ", ")
    }

    private static func encode(_ line: PeerLine) -> String {
        (try? RecordLine.json(line)) ?? "{}"
    }
}

/// One runner of `peers --json`, in the style of the frames and records (snake_case, keys sorted), schema
/// docs/peer.schema.json. While watching, `event` says what changed; a runner gone carries only its instance.
public struct PeerLine: Encodable, Sendable, Equatable {
    public var event: String?
    /// The DNS-SD service instance name.
    public var instance: String
    public var name: String?
    /// The runner id, 16 hex digits.
    public var id: String?
    /// The resolved IP address and UDP port.
    public var address: String?
    public var port: Int?
    /// The DNS host name the service resolved to.
    public var host: String?
    /// idle, waiting or running.
    public var state: String?
    /// The race the runner is in.
    public var race: String?
    /// The runner's protocol version.
    public var version: Int?
    /// Its terms, when it advertises them: `single`, `race` or `team`; the goal ("2.00 km") and in metres;
    /// the course file's name; the speed-up.
    public var mode: String?
    public var goal: String?
    public var goalMetres: Double?
    public var course: String?
    public var speedup: Double?

    private enum CodingKeys: String, CodingKey {
        case event, instance, name, id, address, port, host, state, race, version, mode, goal, course, speedup
        case goalMetres = "goal_m"
    }

    public init(_ runner: DiscoveredRunner, event: String? = nil) {
        self.event = event
        instance = runner.instance
        name = runner.name
        id = runner.runnerID?.description
        address = runner.address.host
        port = runner.address.port
        host = runner.hostName
        state = runner.state?.rawValue
        race = runner.raceID
        version = runner.version
        mode = runner.mode.map { "\($0)" }
        goal = runner.goal.map { "\($0)" }
        goalMetres = runner.goal?.metres
        course = runner.course
        speedup = runner.speedup
    }

    public init(lost instance: String) {
        event = "disappeared"
        self.instance = instance
    }
}
