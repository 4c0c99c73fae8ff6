#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whether a control request comes from the control page itself: its `Host` names this board (an
/// address, `localhost`, this machine's name, or `web.public-host`), and its `Origin`, which a browser
/// sends with every POST, is that same host's page. So a page of another site, or a name of that site
/// rebound to this board's address, cannot drive the run even with the token. A client that sends no
/// `Origin` (curl, a script) is not a browser page and is judged by the token alone.
public struct ControlOrigin: Sendable, Equatable {
    /// Host names (lowercased) accepted besides address literals.
    public let names: Set<String>

    public init(names: [String]) {
        self.names = Set(names.filter { !$0.isEmpty }.map { $0.lowercased() })
    }

    /// The names of this machine: `localhost`, its host name and `NAME.local` (mDNS), and `extra`.
    public static func thisMachine(adding extra: [String]) -> ControlOrigin {
        var buffer = [CChar](repeating: 0, count: 256)
        let hostName = gethostname(&buffer, buffer.count - 1) == 0 ? String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        let short = hostName.split(separator: ".").first.map(String.init) ?? ""
        return ControlOrigin(names: ["localhost", hostName, short, short.isEmpty ? "" : short + ".local"] + extra)
    }

    /// Nil when a request with these `Host` and `Origin` headers may control the run; else why not,
    /// for a 403.
    public func refusal(host: String?, origin: String?) -> String? {
        guard let host, let name = Self.hostName(of: host) else {
            return "a control request must name this board in its Host header\n"
        }
        guard Self.isAddress(name) || names.contains(name.lowercased()) else {
            return "this board does not answer to the name \(name) for control; use the address it printed\n"
        }
        if let origin, origin.lowercased() != "http://" + host.lowercased() {
            return "control requests are taken only from the control page itself (Origin \(origin) is not http://\(host))\n"
        }
        return nil
    }

    /// The name or address of a `Host` header without its port (`[::1]:8047` gives `::1`); nil if malformed.
    static func hostName(of host: String) -> String? {
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            let rest = host[host.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(host[host.index(after: host.startIndex)..<close])
        }
        let parts = host.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count <= 2, let name = parts.first, !name.isEmpty,
              parts.count == 1 || (!parts[1].isEmpty && parts[1].allSatisfy(\.isNumber)) else { return nil }
        return String(name)
    }

    /// Whether `name` is an IPv4 or IPv6 address literal.
    static func isAddress(_ name: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, name, &v4) == 1 || inet_pton(AF_INET6, name, &v6) == 1
    }
}
