import Foundation
import FrontEndKit
import Hummingbird
import NIOCore

/// The HTTP side of the web front-end, separate from the server's start and stop so that tests drive
/// it without a socket:
///
/// | request | answer |
/// |---|---|
/// | `GET /` | the spectator page (no controls) |
/// | `GET /control/TOKEN` | the runner's page with controls; 403 with another token, or always when watching |
/// | `GET /control/TOKEN/events` | the runner's page's event stream: as `/events`, from streams kept apart for it |
/// | `GET /app.js`, `GET /app.css` | the page's script and style (nothing is fetched from elsewhere) |
/// | `GET /events` | server-sent events: `snapshot` (the state now), then `frame` (each frame as the host sent it), `ping` when idle |
/// | `POST /control/TOKEN/input` | one input event (`cheer`, `cancel`, `accept`, `decline`) as JSON: 204, 400 if malformed, 403 without the token, 503 if the run takes no input |
///
/// Every control request is also refused (403) when its `Host` or `Origin` is not this board's own
/// (`ControlOrigin`).
public struct WebRoutes: Sendable {
    /// The largest control request body read.
    public static let inputLimit = 1024
    /// The events a page may send: what a runner does in a run (never `stop` or the clock's keys).
    public static let controlEvents: Set<FrontEndInputEvent.Kind> = [.cheer, .cancel, .accept, .decline]

    /// `Referrer-Policy`, which HTTPTypes has no name for: a page must not pass its address (the control
    /// token) on in a `Referer`.
    private static let referrerPolicy = HTTPFields.Element.Name("Referrer-Policy")!

    public let hub: WebHub
    /// The control token; nil when the page is read-only for everyone (`watch`).
    public let token: ControlToken?
    /// The `Host` and `Origin` a control request may have.
    public let origin: ControlOrigin
    /// Hands an input event to the host; false when it refused it.
    public let send: @Sendable (FrontEndInputEvent) -> Bool

    public init(
        hub: WebHub, token: ControlToken?, origin: ControlOrigin = .thisMachine(adding: []),
        send: @escaping @Sendable (FrontEndInputEvent) -> Bool
    ) {
        self.hub = hub
        self.token = token
        self.origin = origin
        self.send = send
    }

    /// The router answering every request above.
    public func router() -> Router<BasicRequestContext> {
        let router = Router(context: BasicRequestContext.self)
        router.get("/") { _, _ in Self.page(WebAssets.page(control: false)) }
        router.get("/app.js") { _, _ in Self.asset(WebAssets.script, type: "text/javascript; charset=utf-8") }
        router.get("/app.css") { _, _ in Self.asset(WebAssets.style, type: "text/css; charset=utf-8") }
        router.get("/events") { _, _ in events(control: false) }
        router.get("/control/{token}") { request, context in
            if let refused = refusal(request, context) { return refused }
            return Self.page(WebAssets.page(control: true))
        }
        router.get("/control/{token}/events") { request, context in
            if let refused = refusal(request, context) { return refused }
            return events(control: true)
        }
        router.post("/control/{token}/input") { request, context in
            if let refused = refusal(request, context) { return refused }
            let body = try await request.body.collect(upTo: Self.inputLimit)
            return input(Data(body.readableBytesView))
        }
        return router
    }

    /// Nil when the request may control the run: the token matches, and its `Host` and `Origin` are
    /// this board's; else the 403 that says why.
    func refusal(_ request: Request, _ context: BasicRequestContext) -> Response? {
        guard let token, let given = context.parameters.get("token"), token.matches(given) else { return Self.refusal() }
        guard let reason = origin.refusal(host: request.head.authority, origin: request.headers[.origin]) else { return nil }
        return Self.text(.forbidden, reason)
    }

    /// Checks and forwards one input event from the control page.
    func input(_ body: Data) -> Response {
        guard let event = try? JSONDecoder().decode(FrontEndInputEvent.self, from: body),
              Self.controlEvents.contains(event.type) else {
            return Self.text(.badRequest, "expected one JSON input event: cheer, cancel, accept or decline\n")
        }
        switch event.type {
        case .accept, .decline:
            guard let id = event.invitation, !id.isEmpty else { return Self.text(.badRequest, "\(event.type.rawValue) needs an invitation id\n") }
            guard send(event) else { return Self.unavailable() }
            hub.answered(invitation: id)
        case .cheer:
            guard let emoji = event.emoji, !emoji.isEmpty else { return Self.text(.badRequest, "cheer needs an emoji\n") }
            guard send(event) else { return Self.unavailable() }
        default:
            guard send(event) else { return Self.unavailable() }
        }
        return Response(status: .noContent)
    }

    /// The event stream: a snapshot, then every frame, with a keep-alive comment when idle, and `end`
    /// once the run is over. The runner's page (`control`) streams from places kept for it.
    func events(control: Bool) -> Response {
        guard let subscription = hub.subscribe(control: control) else {
            let limit = control ? WebHub.controlLimit : WebHub.clientLimit
            return Self.text(.serviceUnavailable, "too many pages open on this race (\(limit)), or the run is over; try again later\n")
        }
        var headers = HTTPFields()
        headers[.contentType] = "text/event-stream; charset=utf-8"
        headers[.cacheControl] = "no-store"
        return Response(status: .ok, headers: headers, body: ResponseBody { writer in
            defer { subscription.end() }
            // A dropped connection is tried again after 2 s (the browser's EventSource does it).
            try await writer.write(ByteBuffer(string: "retry: 2000\n\n"))
            try await subscription.forEach { batch in
                try await writer.write(ByteBuffer(string: Self.encode(batch)))
            }
            try await writer.finish(nil)
        })
    }

    /// One batch as server-sent events.
    public static func encode(_ batch: WebHub.Batch) -> String {
        switch batch {
        case let .snapshot(json): event("snapshot", json)
        case let .frames(frames): frames.map { event("frame", $0) }.joined()
        // An event, not a comment, so that the page sees it and knows the connection is alive.
        case .ping: "event: ping\ndata: {}\n\n"
        case .end: "event: end\ndata: {}\n\n"
        }
    }

    private static func event(_ name: String, _ data: String) -> String {
        // JSON from the host is one line; should a line break ever appear, each line is its own data field.
        "event: \(name)\n" + data.split(separator: "\n", omittingEmptySubsequences: false).map { "data: \($0)\n" }.joined() + "\n"
    }

    private static func page(_ html: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        // Nothing but this server: no script, style, image or connection from elsewhere.
        headers[.contentSecurityPolicy] = "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'"
        headers[Self.referrerPolicy] = "no-referrer"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    private static func asset(_ text: String, type: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = type
        headers[.cacheControl] = "no-cache"
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private static func refusal() -> Response {
        text(.forbidden, "this address does not control the run; the spectator page is at /\n")
    }

    private static func unavailable() -> Response {
        text(.serviceUnavailable, "the run takes no input now (it has ended or is ending)\n")
    }

    private static func text(_ status: HTTPResponse.Status, _ message: String) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: .init(byteBuffer: ByteBuffer(string: message)))
    }
}
