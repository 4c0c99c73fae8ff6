/// A phone app as `run --source` names it: `owntracks-http[:[HOST:]PORT][:encrypted]` for the OwnTracks
/// app in HTTP mode, `traccar[:[HOST:]PORT]` for Traccar Client (the OsmAnd protocol), both an endpoint
/// here (HOST defaults to every address, `0.0.0.0`: a phone on the LAN must reach it); or
/// `owntracks:USER/DEVICE[:encrypted]` for the OwnTracks app in MQTT mode, publishing to the broker
/// of `--broker` on `owntracks/USER/DEVICE`.
public struct PhoneSourceSpec: Sendable, Equatable {
    /// Which app, and so which protocol.
    public enum App: String, Sendable, Equatable {
        /// OwnTracks in HTTP mode: its JSON POSTed with Basic auth; the reply shows the mates.
        case ownTracks = "owntracks-http"
        /// Traccar Client: the OsmAnd protocol (query, form or JSON), a token in the URL's path.
        case traccar
        /// OwnTracks in MQTT mode: its JSON published to the broker on `owntracks/USER/DEVICE`.
        case ownTracksBroker = "owntracks"

        /// The port when none is given (none for the broker's: it listens nowhere).
        public var standardPort: Int {
            switch self {
            case .ownTracks: 47480
            case .traccar: 47481
            case .ownTracksBroker: 0
            }
        }
    }

    public var app: App
    /// The address to listen on.
    public var host: String
    public var port: Int
    /// OwnTracks only: payloads must be encrypted with the runner's key; plaintext is refused.
    public var encrypted: Bool
    /// OwnTracks over MQTT only: the topic the phone publishes its locations on, `owntracks/USER/DEVICE`.
    public var topic: String?

    public init(app: App, host: String = "0.0.0.0", port: Int? = nil, encrypted: Bool = false) {
        self.app = app
        self.host = host
        self.port = port ?? app.standardPort
        self.encrypted = encrypted
    }

    /// OwnTracks in MQTT mode, publishing as `user` from `device` (`owntracks/USER/DEVICE`).
    public static func ownTracksBroker(user: String, device: String, encrypted: Bool = false) -> PhoneSourceSpec {
        var spec = PhoneSourceSpec(app: .ownTracksBroker, host: "", port: 0, encrypted: encrypted)
        spec.topic = "owntracks/\(user)/\(device)"
        return spec
    }

    /// Whether `name` can be one level of a topic the phone publishes on: not empty, no `/`, no MQTT
    /// wildcard (`+`, `#`), no `:` (it ends the spec), no control character.
    static func isTopicLevel(_ name: Substring) -> Bool {
        !name.isEmpty && name.utf8.count <= 64
            && name.unicodeScalars.allSatisfy {
                !"/+#:".unicodeScalars.contains($0) && $0.value >= 0x20 && $0.value != 0x7F
            }
    }

    /// The spec `text` writes, or nil: an unknown app, a port out of 1...65535, `encrypted` with Traccar
    /// (the app has no payload encryption), or anything more.
    public init?(parsing text: String) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let app = App(rawValue: parts.removeFirst()) else { return nil }
        var encrypted = false
        if parts.last == "encrypted" {
            guard app != .traccar else { return nil }
            encrypted = true
            parts.removeLast()
        }
        if app == .ownTracksBroker {
            let levels = parts.first?.split(separator: "/", omittingEmptySubsequences: false) ?? []
            guard parts.count == 1, levels.count == 2, levels.allSatisfy(Self.isTopicLevel) else { return nil }
            self = .ownTracksBroker(user: String(levels[0]), device: String(levels[1]), encrypted: encrypted)
            return
        }
        var host = "0.0.0.0"
        var port: Int?
        switch parts.count {
        case 0: break
        case 1:
            port = Int(parts[0])
            if port == nil { return nil }
        case 2:
            guard !parts[0].isEmpty, let value = Int(parts[1]) else { return nil }
            host = parts[0]
            port = value
        default: return nil
        }
        if let port, !(1...65535).contains(port) { return nil }
        self.init(app: app, host: host, port: port, encrypted: encrypted)
    }
}

extension PhoneSourceSpec: CustomStringConvertible {
    public var description: String {
        if app == .ownTracksBroker, let topic {
            return "\(app.rawValue):\(topic.dropFirst("owntracks/".count))\(encrypted ? ":encrypted" : "")"
        }
        return "\(app.rawValue):\(host):\(port)\(encrypted ? ":encrypted" : "")"
    }
}
