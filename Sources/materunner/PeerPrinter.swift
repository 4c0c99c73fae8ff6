import Data
import Foundation

/// Writes discovered mates to standard output, as text or one JSON object per line, flushed per line.
struct PeerPrinter: Sendable {
    let json: Bool

    /// One mate of the final list.
    func print(_ mate: DiscoveredMate) {
        write(json ? encode(fields(mate)) : text(mate))
    }

    /// One change while watching.
    func print(_ event: DiscoveryEvent) {
        switch event {
        case .found(let mate): write(json ? encode(["event": "appeared"].merging(fields(mate)) { $1 }) : "+ " + text(mate))
        case .updated(let mate): write(json ? encode(["event": "updated"].merging(fields(mate)) { $1 }) : "~ " + text(mate))
        case .lost(let name): write(json ? encode(["event": "disappeared", "instance": name]) : "- \(name)")
        }
    }

    private func fields(_ mate: DiscoveredMate) -> [String: Any] {
        var fields: [String: Any] = [
            "instance": mate.instanceName, "name": mate.runnerName, "address": mate.address, "port": mate.port,
            "host": mate.hostName,
        ]
        fields["id"] = mate.txt["id"]
        fields["state"] = mate.txt["state"]
        fields["race"] = mate.txt["race"]
        fields["version"] = mate.txt["v"].flatMap { Int($0) }
        return fields
    }

    private func text(_ mate: DiscoveredMate) -> String {
        let state = mate.txt["state"] ?? "?"
        let race = mate.txt["race"].map { " race \($0)" } ?? ""
        return "\(mate.runnerName)\t\(mate.address):\(mate.port)\t\(state)\(race)\t(\(mate.instanceName))"
    }

    private func encode(_ object: [String: Any]) -> String {
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "{}" }
        return String(decoding: data, as: UTF8.self)
    }

    private func write(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }
}
