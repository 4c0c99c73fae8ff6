/// A phone app's HTTP endpoint as `run --source` names it: `owntracks-http[:[HOST:]PORT][:encrypted]` for
/// the OwnTracks app in HTTP mode, `traccar[:[HOST:]PORT]` for Traccar Client (the OsmAnd protocol).
/// HOST defaults to every address (`0.0.0.0`: a phone on the LAN must reach it).
public struct PhoneSourceSpec: Sendable, Equatable {
    /// Which app, and so which protocol.
    public enum App: String, Sendable, Equatable {
        /// OwnTracks in HTTP mode: its JSON POSTed with Basic auth; the reply shows the mates.
        case ownTracks = "owntracks-http"
        /// Traccar Client: the OsmAnd protocol (query, form or JSON), a token in the URL's path.
        case traccar

        /// The port when none is given.
        public var standardPort: Int {
            switch self {
            case .ownTracks: 47480
            case .traccar: 47481
            }
        }
    }

    public var app: App
    /// The address to listen on.
    public var host: String
    public var port: Int
    /// OwnTracks only: payloads must be encrypted with the runner's key; plaintext is refused.
    public var encrypted: Bool

    public init(app: App, host: String = "0.0.0.0", port: Int? = nil, encrypted: Bool = false) {
        self.app = app
        self.host = host
        self.port = port ?? app.standardPort
        self.encrypted = encrypted
    }

    /// The spec `text` writes, or nil: an unknown app, a port out of 1...65535, `encrypted` with Traccar
    /// (the app has no payload encryption), or anything more.
    public init?(parsing text: String) {
        var parts = text.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        guard let app = App(rawValue: parts.removeFirst()) else { return nil }
        var encrypted = false
        if parts.last == "encrypted" {
            guard app == .ownTracks else { return nil }
            encrypted = true
            parts.removeLast()
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
        "\(app.rawValue):\(host):\(port)\(encrypted ? ":encrypted" : "")"
    }
}
