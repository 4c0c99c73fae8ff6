import FrontEndKit

/// The web front-end's `--frontend-option web.KEY=VALUE` settings, read and checked.
public struct WebSettings: Sendable, Equatable {
    /// What each key sets, for `checkSettings`' message listing the known keys.
    public static let known: KeyValuePairs<String, String> = [
        "listen": "ADDRESS:PORT to serve on, default \(defaultListen); port 0 picks a free one",
        "public-host": "the host name or address put in the printed addresses",
        "qr": "auto, on or off: draw the control address's QR code (auto: when standard error is a terminal)",
    ]

    /// Every interface, port 8047: the page is for phones and screens on this network (docs/FRONTENDS.md says why).
    public static let defaultListen = "0.0.0.0:8047"

    /// When the QR code of the control address is drawn on standard error.
    public enum QRMode: String, Sendable, Equatable {
        case auto, on, off
    }

    /// The address to bind: an IPv4 or IPv6 literal or a host name.
    public var host: String
    /// The TCP port; 0 lets the system pick a free one.
    public var port: Int
    /// The host printed in the addresses instead of one found on the network interfaces.
    public var publicHost: String?
    /// When to draw the QR code.
    public var qr: QRMode

    /// The settings `options` carries, or an error naming the key and what is wrong with its value.
    public init(_ options: FrontEndOptions) throws(FrontEndSettingError) {
        try options.checkSettings(of: "web", known: Self.known)
        let listen = options.settings["listen"] ?? Self.defaultListen
        guard let (host, port) = Self.parseListen(listen) else {
            throw FrontEndSettingError(
                frontEnd: "web", key: "listen", value: listen,
                problem: "not ADDRESS:PORT with a port from 0 to 65535 (e.g. 0.0.0.0:8047, 127.0.0.1:0, [::]:8047)"
            )
        }
        self.host = host
        self.port = port
        if let value = options.settings["public-host"] {
            guard !value.isEmpty, !value.contains(where: { $0 == "/" || $0 == " " || $0 == "@" }) else {
                throw FrontEndSettingError(frontEnd: "web", key: "public-host", value: value,
                                           problem: "not a host name or address (e.g. 192.168.1.20 or board.local)")
            }
            publicHost = value
        }
        let qrValue = options.settings["qr"] ?? "auto"
        guard let qr = QRMode(rawValue: qrValue) else {
            throw FrontEndSettingError(frontEnd: "web", key: "qr", value: qrValue, problem: "must be auto, on or off")
        }
        self.qr = qr
    }

    /// `HOST:PORT`, `[IPV6]:PORT`; nil when it is neither or the port is out of range.
    static func parseListen(_ text: String) -> (host: String, port: Int)? {
        let host: Substring
        let portText: Substring
        if text.hasPrefix("[") {
            guard let close = text.firstIndex(of: "]"), text[text.index(after: close)...].hasPrefix(":") else { return nil }
            host = text[text.index(after: text.startIndex)..<close]
            portText = text[text.index(close, offsetBy: 2)...]
        } else {
            guard let colon = text.lastIndex(of: ":"), !text[..<colon].contains(":") else { return nil }
            host = text[..<colon]
            portText = text[text.index(after: colon)...]
        }
        guard !host.isEmpty, !host.contains(where: { $0 == " " || $0 == "/" }),
              portText.allSatisfy(\.isASCII), let port = Int(portText), (0...65535).contains(port) else { return nil }
        return (String(host), port)
    }

    /// Whether `host` means every interface (then the printed address names one of them).
    public var listensEverywhere: Bool { host == "0.0.0.0" || host == "::" }
}
