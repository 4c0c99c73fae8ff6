import Foundation
import Domain

/// Where the MQTT broker is (`--broker`): `mqtt://[USER@]HOST[:PORT]`, or `mqtts://` for TLS. The
/// password never goes here (`--broker-password-file`, or the config file's `broker-password-file`).
public struct BrokerURL: Sendable, Equatable, CustomStringConvertible {
    /// The broker's host name or address (an IPv6 address without brackets).
    public var host: String
    /// The broker's TCP port: 1883 by default, 8883 with TLS.
    public var port: Int
    /// The user to log in as, if any.
    public var user: String?
    /// Whether the connection is TLS (`mqtts://`).
    public var tls: Bool

    public init(host: String, port: Int, user: String? = nil, tls: Bool = false) {
        self.host = host
        self.port = port
        self.user = user
        self.tls = tls
    }

    /// Parses `mqtt://[USER@]HOST[:PORT]` or `mqtts://…`; a password in it (`USER:PASSWORD@`) is refused,
    /// as it would show in the process list.
    public init(parsing text: String) throws(BrokerError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let rest: Substring
        if trimmed.lowercased().hasPrefix("mqtt://") {
            tls = false
            rest = trimmed.dropFirst("mqtt://".count)
        } else if trimmed.lowercased().hasPrefix("mqtts://") {
            tls = true
            rest = trimmed.dropFirst("mqtts://".count)
        } else {
            throw .badURL(text, reason: "it must start with mqtt:// or mqtts://")
        }
        var hostPort = rest
        if hostPort.hasSuffix("/") { hostPort = hostPort.dropLast() }
        if let at = hostPort.lastIndex(of: "@") {
            let userPart = hostPort[..<at]
            guard !userPart.contains(":") else {
                throw .badURL(text, reason: "a password does not go on the command line: put it in a file for --broker-password-file")
            }
            guard !userPart.isEmpty else { throw .badURL(text, reason: "the user before @ is empty") }
            user = String(userPart)
            hostPort = hostPort[hostPort.index(after: at)...]
        } else {
            user = nil
        }
        guard !hostPort.contains("/") else { throw .badURL(text, reason: "a path is not allowed after the host") }
        let defaultPort = tls ? 8883 : 1883
        if hostPort.hasPrefix("[") {
            guard let close = hostPort.firstIndex(of: "]") else { throw .badURL(text, reason: "an IPv6 address lacks its ]") }
            host = String(hostPort[hostPort.index(after: hostPort.startIndex)..<close])
            let after = hostPort[hostPort.index(after: close)...]
            port = after.isEmpty ? defaultPort : try Self.port(after.dropFirst(), of: text, colon: after.first == ":")
        } else if let colon = hostPort.lastIndex(of: ":") {
            host = String(hostPort[..<colon])
            port = try Self.port(hostPort[hostPort.index(after: colon)...], of: text, colon: true)
        } else {
            host = String(hostPort)
            port = defaultPort
        }
        guard !host.isEmpty else { throw .badURL(text, reason: "the host is missing") }
    }

    private static func port(_ text: Substring, of url: String, colon: Bool) throws(BrokerError) -> Int {
        guard colon, let port = Int(text), (1...65535).contains(port) else {
            throw .badURL(url, reason: "the port must be a number from 1 to 65535")
        }
        return port
    }

    /// `mqtt://user@host:port`, as given back to a person (never a password).
    public var description: String {
        let scheme = tls ? "mqtts" : "mqtt"
        let shownHost = host.contains(":") ? "[\(host)]" : host
        return "\(scheme)://\(user.map { "\($0)@" } ?? "")\(shownHost):\(port)"
    }
}
