/// A MateRunner peer found on the network through DNS-SD.
public struct DiscoveredMate: Sendable, Hashable {
    /// The DNS-SD service instance name (unique on the network; Avahi renames on collision).
    public var instanceName: String
    /// The host's DNS name, e.g. `laptop.local.`.
    public var hostName: String
    /// Its IPv4 address as text.
    public var address: String
    public var port: Int
    /// The TXT record's key/value pairs (`v`, `id`, `name`, `state`).
    public var txt: [String: String]

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
}

/// A change in what discovery sees.
public enum DiscoveryEvent: Sendable, Hashable {
    case found(DiscoveredMate)
    case lost(instanceName: String)
}
