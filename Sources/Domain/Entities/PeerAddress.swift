import Foundation

/// A peer given as `HOST:PORT` (or `[IPv6]:PORT`) on the command line.
public struct PeerAddress: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }

    /// Parses `HOST:PORT`, `[V6ADDR]:PORT`.
    public init(parsing text: String) throws(PeerAddressError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let host: Substring
        let portText: Substring
        if trimmed.hasPrefix("[") {
            guard let close = trimmed.firstIndex(of: "]"),
                  trimmed.index(after: close) < trimmed.endIndex,
                  trimmed[trimmed.index(after: close)] == ":"
            else { throw .malformed(text) }
            host = trimmed[trimmed.index(after: trimmed.startIndex)..<close]
            portText = trimmed[trimmed.index(close, offsetBy: 2)...]
        } else {
            guard let colon = trimmed.lastIndex(of: ":"), trimmed.firstIndex(of: ":") == colon else {
                throw .malformed(text)
            }
            host = trimmed[..<colon]
            portText = trimmed[trimmed.index(after: colon)...]
        }
        guard !host.isEmpty else { throw .malformed(text) }
        guard let port = Int(portText), (1...65535).contains(port) else { throw .badPort(text) }
        self.host = String(host)
        self.port = port
    }

    public var description: String {
        host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
    }
}

/// Why a `--peer` value was refused.
public enum PeerAddressError: Error, Equatable, CustomStringConvertible {
    case malformed(String)
    case badPort(String)

    public var description: String {
        switch self {
        case .malformed(let text): "'\(text)' is not HOST:PORT: write it as 192.168.1.20:47474, laptop.local:47474 or [fe80::1]:47474"
        case .badPort(let text): "'\(text)' has no port between 1 and 65535: write it as HOST:PORT"
        }
    }
}
