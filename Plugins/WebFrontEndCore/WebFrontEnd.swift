import FrontEndKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The web front-end: serves the race to browsers on this network (`WebServer`, `WebRoutes`, the
/// page in `WebAssets`) and relays every frame to them unchanged. `deliver` only updates the state and
/// the browsers' bounded queues (`WebHub`); the server's own thread does the writing, so a slow or
/// stalled browser never holds up the run or the other front-ends.
///
/// The addresses go to standard error, once, at the start: the spectator page, and (unless watching)
/// the control address with its QR code when it fits the terminal (`WebAnnouncement`). Standard output may belong to another front-end.
public final class WebFrontEnd: RawFrameFrontEnd, Sendable {
    public let hub = WebHub()
    public let server: WebServer
    public let token: ControlToken?
    /// The addresses printed: the page, and the control address (nil when watching).
    public let pageAddress: String
    public let controlAddress: String?

    public init(host: FrontEndHostConnection, options: FrontEndOptions) throws {
        let settings = try WebSettings(options)
        token = options.spectator ? nil : ControlToken()
        let origin = ControlOrigin.thisMachine(adding: [settings.publicHost ?? "", settings.listensEverywhere ? "" : settings.host])
        server = try WebServer(host: settings.host, port: settings.port, routes: WebRoutes(hub: hub, token: token, origin: origin) { event in
            host.send(event)
        })
        let shownHost = settings.publicHost ?? (settings.listensEverywhere ? LocalAddress.firstIPv4() ?? "127.0.0.1" : settings.host)
        let authority = shownHost.contains(":") ? "[\(shownHost)]:\(server.port)" : "\(shownHost):\(server.port)"
        pageAddress = "http://\(authority)/"
        controlAddress = token.map { "http://\(authority)/control/\($0.text)" }
        Self.announce(page: pageAddress, control: controlAddress, qr: settings.qr)
    }

    public func deliver(json: UnsafeRawBufferPointer) throws {
        guard hub.publish(String(decoding: json, as: UTF8.self)) else {
            throw FrontEndError("not a frame: expected a JSON object with a type")
        }
    }

    public func deliver(_ frame: FrontEndFrame) throws {
        let bytes = try FrontEndCoding.encode(frame)
        try bytes.withUnsafeBytes { try deliver(json: $0) }
    }

    public func close() {
        server.stop()
    }

    /// Prints the addresses (and the QR code of the control one, when it fits) on standard error.
    static func announce(page: String, control: String?, qr: WebSettings.QRMode) {
        let terminal = isatty(STDERR_FILENO) == 1
            ? TerminalSize.cells(of: STDERR_FILENO).map { WebAnnouncement.TerminalCells(columns: $0.columns, rows: $0.rows) }
                ?? WebAnnouncement.TerminalCells(columns: 80, rows: 24)
            : nil
        let lines = WebAnnouncement.lines(page: page, control: control, qr: qr, terminal: terminal)
        try? FrontEndOutput(fd: STDERR_FILENO).write(lines.joined(separator: "\n") + "\n")
    }
}
