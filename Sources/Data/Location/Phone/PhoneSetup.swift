import Foundation
import NIOCore

/// What a runner's phone needs to post here, as one link to scan. OwnTracks reads a whole
/// configuration from `owntracks:///config?inline=BASE64` (booklet, "Remote configuration"): HTTP mode,
/// the URL, Basic auth, and move mode (`monitoring` 2) with a fix every 10 s; with `:encrypted` the key
/// too. Traccar Client takes its server URL, whose path holds the token; its device id is typed in.
public struct PhoneSetup: Sendable {
    public let spec: PhoneSourceSpec
    public let credentials: PhoneCredentials
    /// The address a phone reaches this machine at.
    public let host: String
    /// OwnTracks over MQTT: the broker the phone publishes to (`--broker`).
    public var broker: BrokerURL?

    public init(spec: PhoneSourceSpec, credentials: PhoneCredentials, host: String) {
        self.spec = spec
        self.credentials = credentials
        self.host = host
    }

    /// The URL the app posts to.
    public var url: String {
        let authority = host.contains(":") ? "[\(host)]:\(spec.port)" : "\(host):\(spec.port)"
        switch spec.app {
        case .ownTracks: return "http://\(authority)/owntracks"
        case .traccar: return "http://\(authority)/traccar/\(credentials.token)"
        case .ownTracksBroker: return broker.map(\.description) ?? "mqtt://?"
        }
    }

    /// OwnTracks over MQTT: the phone's user and device, from its topic `owntracks/USER/DEVICE`.
    var userAndDevice: (user: String, device: String) {
        let levels = (spec.topic ?? "").split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        return levels.count == 3 ? (levels[1], levels[2]) : ("", "")
    }

    /// OwnTracks' configuration, with documented keys only (booklet, JSON `_type=configuration`).
    public var ownTracksConfiguration: [String: Any] {
        var configuration: [String: Any] = [
            "_type": "configuration", "mode": 3, "url": url, "auth": true, "username": credentials.user,
            "password": credentials.password,
            "deviceId": "phone", "tid": "MR",
        ]
        if spec.app == .ownTracksBroker, let broker {
            // MQTT: the app logs in as USER (its password is typed in: the broker's, not ours to know) and
            // publishes on owntracks/USER/DEVICE.
            let (user, device) = userAndDevice
            configuration = [
                "_type": "configuration", "mode": 0, "host": broker.host, "port": broker.port, "tls": broker.tls,
                "auth": true, "username": user, "deviceId": device, "tid": "MR",
            ]
        }
        configuration.merge([
            // Move mode: a fix every 10 s, however little the runner moved, from the GPS.
            "monitoring": 2, "locatorInterval": 10, "locatorDisplacement": 0, "locatorPriority": 0,
            // iOS: never fall back from move mode on its own (after a while still, or on a low battery).
            "adapt": 0, "downgrade": 0,
        ]) { _, new in new }
        if spec.encrypted { configuration["encryptionKey"] = credentials.encryptionKey }
        return configuration
    }

    /// The link to scan: OwnTracks' inline configuration, or Traccar Client's server URL.
    public var link: String {
        switch spec.app {
        case .ownTracks, .ownTracksBroker:
            let json =
                (try? JSONSerialization.data(withJSONObject: ownTracksConfiguration, options: [.sortedKeys])) ?? Data()
            return "owntracks:///config?inline=" + json.base64EncodedString()
        case .traccar:
            return url
        }
    }

    /// The lines a person reads: what to do, the link's QR code, and what to type.
    public var lines: [String] {
        var lines = [
            "\(spec.app.rawValue): scan this with the phone's camera to set up "
                + (spec.app == .traccar ? "Traccar Client's server URL:" : "OwnTracks:")
        ]
        lines += PhoneQRCode(link)?.terminalLines() ?? []
        lines.append(link)
        switch spec.app {
        case .ownTracks:
            lines.append(
                "(or in OwnTracks: mode HTTP, URL \(url), user \(credentials.user), password \(credentials.password)"
                    + (spec.encrypted ? ", secret encryption key \(credentials.encryptionKey)" : "")
                    + "; then Move mode)"
            )
        case .ownTracksBroker:
            let (user, device) = userAndDevice
            lines.append(
                "then type the broker password of \(user) in OwnTracks (or set it all: mode MQTT, host "
                    + "\(broker?.host ?? "?"), port \(broker?.port ?? 0), TLS \(broker?.tls == true ? "on" : "off"), "
                    + "user \(user), device \(device)"
                    + (spec.encrypted ? ", secret encryption key \(credentials.encryptionKey)" : "")
                    + "; then Move mode)"
            )
        case .traccar:
            lines.append(
                "then in Traccar Client: device identifier \(credentials.device), "
                    + "location accuracy high, frequency 10 s"
            )
        }
        return lines
    }

    /// Writes `lines` to `handle` (standard error: the front-ends own standard output).
    public func print(to handle: FileHandle) {
        handle.write(Data((lines.joined(separator: "\n") + "\n").utf8))
    }

    /// `listening` itself unless it is every address, else this machine's first IPv4 address that is
    /// up and not loopback (what a phone on the LAN reaches), else 127.0.0.1.
    public static func reachableHost(listeningOn listening: String) -> String {
        guard listening == "0.0.0.0" || listening == "::" else { return listening }
        let devices = (try? System.enumerateDevices()) ?? []
        let address = devices.lazy.compactMap { device -> String? in
            guard let address = device.address, case .v4 = address, let ip = address.ipAddress, !ip.hasPrefix("127.")
            else { return nil }
            return ip
        }.first
        return address ?? "127.0.0.1"
    }
}
