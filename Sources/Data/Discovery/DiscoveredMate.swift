/// A MateRunner peer found on the network through DNS-SD.
public struct DiscoveredMate: Sendable, Hashable {
    /// The DNS-SD service instance name (unique on the network; Avahi renames on collision).
    public var instanceName: String
    /// The host's DNS name, e.g. `laptop.local.`.
    public var hostName: String
    /// Its IPv4 address as text.
    public var address: String
    /// The UDP port its race sync listens on.
    public var port: Int
    /// The TXT record's key/value pairs (`v`, `id`, `name`, `state`).
    public var txt: [String: String]

    /// A mate as resolved.
    public init(instanceName: String, hostName: String, address: String, port: Int, txt: [String: String]) {
        self.instanceName = instanceName
        self.hostName = hostName
        self.address = address
        self.port = port
        self.txt = txt
    }

    /// The runner id from the TXT record, in hex.
    public var runnerID: String? { txt["id"] }
    /// The runner's display name from the TXT record, or the instance name.
    public var runnerName: String { txt["name"] ?? instanceName }
    /// The TXT record read as our advertisement, when it is one.
    public var advertisement: MateAdvertisement? { MateAdvertisement(txt: txt) }
}

/// A change in what discovery sees.
public enum DiscoveryEvent: Sendable, Hashable {
    /// A mate appeared and was resolved to an address.
    case found(DiscoveredMate)
    /// A known mate's TXT record changed (it started running, ...).
    case updated(DiscoveredMate)
    /// A mate went away: its service was withdrawn (it exited: goodbye packets, about a second), or
    /// its address record expired from the daemon's cache (it vanished: Avahi's 120 s host TTL).
    case lost(instanceName: String)
}
