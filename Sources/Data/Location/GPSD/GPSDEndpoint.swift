/// Where gpsd listens: `localhost:2947` unless told otherwise.
public struct GPSDEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// Host name or address.
    public var host: String
    /// TCP port.
    public var port: Int

    /// gpsd's default, on this machine.
    public static let standard = GPSDEndpoint(host: "localhost", port: 2947)

    /// An endpoint; `port` must be 1...65535 (checked by `parse`).
    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `[IPv6]:PORT` or an empty string (the default).
    public static func parse(_ text: String) -> GPSDEndpoint? {
        guard !text.isEmpty else { return .standard }
        guard let colon = text.lastIndex(of: ":"), let port = Int(text[text.index(after: colon)...]),
              (1...65535).contains(port)
        else { return nil }
        var host = String(text[..<colon])
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.isEmpty else { return nil }
        return GPSDEndpoint(host: host, port: port)
    }

    public var description: String { host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)" }
}
