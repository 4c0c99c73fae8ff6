import Domain
import Foundation

/// How `peers` shows the runners discovery finds: a tab-separated text line, or one JSON object per
/// line with sorted keys (`instance`, `name`, `address`, `port`, `host`, and `id`, `state`, `race`,
/// `version` when advertised; `event` while watching: `appeared`, `updated`, `disappeared`).
public enum PeerText {
    /// One runner of the final list.
    public static func line(_ runner: DiscoveredRunner, json: Bool) -> String {
        json ? encode(fields(runner)) : text(runner)
    }

    /// One change while watching: `+`, `~` or `-` before the text line, or the JSON object with `event`.
    public static func line(_ event: MateEvent, json: Bool) -> String {
        switch event {
        case .found(let runner): json ? encode(["event": "appeared"].merging(fields(runner)) { $1 }) : "+ " + text(runner)
        case .updated(let runner): json ? encode(["event": "updated"].merging(fields(runner)) { $1 }) : "~ " + text(runner)
        case .lost(let instance): json ? encode(["event": "disappeared", "instance": instance]) : "- \(instance)"
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

    private static func fields(_ runner: DiscoveredRunner) -> [String: Any] {
        var fields: [String: Any] = [
            "instance": runner.instance, "name": runner.name, "address": runner.address.host, "port": runner.address.port,
            "host": runner.hostName,
        ]
        fields["id"] = runner.runnerID?.description
        fields["state"] = runner.state?.rawValue
        fields["race"] = runner.raceID
        fields["version"] = runner.version
        return fields
    }

    private static func text(_ runner: DiscoveredRunner) -> String {
        let state = runner.state?.rawValue ?? "?"
        let race = runner.raceID.map { " race \($0)" } ?? ""
        return "\(runner.name)\t\(runner.address.host):\(runner.address.port)\t\(state)\(race)\t(\(runner.instance))"
    }

    private static func encode(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }
}
