import Foundation
import FrontEndKit
import Synchronization
import Testing
import WebFrontEndCore

/// What keeps the page's server up and the run in its runner's hands under load or attack: the token
/// compared in full, control requests only from the control page's own origin, the runner's streams
/// kept apart from the spectators', and every connection bounded.
@Suite("Web front-end: hardening", .serialized)
struct WebHardeningTests {
    private let token = ControlToken(bytes: Array(100..<116))

    @Test("the token is compared over its whole length: 256 more characters (once cut to 0 in a byte) do not match")
    func tokenLength() {
        #expect(token.matches(token.text))
        #expect(!token.matches(token.text + String(repeating: "0", count: 256)))
        #expect(!token.matches(token.text + String(repeating: "0", count: 512)))
        #expect(!token.matches(String(token.text.dropLast())))
        #expect(!token.matches(""))
    }

    @Test("control requests: Host must name this board, Origin (when sent) must be that same host's page")
    func origin() {
        let check = ControlOrigin(names: ["localhost", "board", "board.local"])
        #expect(check.refusal(host: "127.0.0.1:8047", origin: nil) == nil)
        #expect(check.refusal(host: "192.168.1.20:8047", origin: "http://192.168.1.20:8047") == nil)
        #expect(check.refusal(host: "[::1]:8047", origin: "http://[::1]:8047") == nil)
        #expect(check.refusal(host: "Board.local:8047", origin: "http://board.local:8047") == nil)
        #expect(check.refusal(host: "localhost", origin: nil) == nil)
        #expect(check.refusal(host: "evil.example:8047", origin: nil)?.contains("does not answer to the name evil.example") == true)
        #expect(check.refusal(host: "127.0.0.1:8047", origin: "http://evil.example")?.contains("Origin http://evil.example") == true)
        #expect(check.refusal(host: "127.0.0.1:8047", origin: "null") != nil)
        #expect(check.refusal(host: "127.0.0.1:8047", origin: "http://127.0.0.1:8048") != nil)
        #expect(check.refusal(host: nil, origin: nil) != nil)
        #expect(check.refusal(host: "127.0.0.1:80:80", origin: nil) != nil)
    }

    @Test("over the limit, the connection waiting longest for a request is closed; busy ones (streams) never are")
    func connectionLimit() {
        var limit = ConnectionLimit(limit: 3)
        #expect(limit.opened(1) == nil)
        #expect(limit.opened(2) == nil)
        limit.requestStarted(1)   // 1: an event stream, busy
        #expect(limit.opened(3) == nil)
        #expect(limit.opened(4) == 2, "2 waited longest without a request")
        limit.requestStarted(3)
        limit.requestStarted(4)
        // Every other one busy: the newcomer itself is closed, the streams stay.
        #expect(limit.opened(5) == 5)
        #expect(limit.count == 3)
        // A response ends: that connection waits again, and is the one a newcomer replaces.
        limit.responseEnded(3)
        #expect(limit.opened(6) == 3)
        limit.closed(1)
        #expect(limit.count == 2)
        #expect(limit.opened(7) == nil)
    }

    @Test("the runner's page streams from places kept for it: spectators at their limit leave it one; the end is said")
    func controlStreams() async throws {
        let hub = WebHub()
        let spectators = (0..<WebHub.clientLimit).compactMap { _ in hub.subscribe() }
        #expect(spectators.count == WebHub.clientLimit)
        #expect(hub.subscribe() == nil, "a spectator over the limit")
        let control = try #require(hub.subscribe(control: true), "the runner's page refused while spectators are at their limit")
        #expect(hub.controlStreamCount == 1 && hub.streamCount == WebHub.clientLimit + 1)
        let more = (1..<WebHub.controlLimit).compactMap { _ in hub.subscribe(control: true) }
        #expect(more.count == WebHub.controlLimit - 1 && hub.subscribe(control: true) == nil)

        // Closed: the snapshot due, the result published before, then `end`, then the stream is over.
        hub.publish(WebFrames.notice("the result"))
        hub.close()
        var batches: [WebHub.Batch] = []
        try await control.forEach { batches.append($0) }
        #expect(batches.count == 2)
        if case let .snapshot(text) = batches.first { #expect(text.contains("the result")) } else { Issue.record("\(batches)") }
        #expect(batches.last == .end)
        #expect(WebRoutes.encode(.end) == "event: end\ndata: {}\n\n")
        #expect(hub.subscribe(control: true) == nil, "no stream starts once the run is over")
        for subscription in spectators + more + [control] { subscription.end() }
    }

    @Test("a stream waiting for frames when the run ends still says `end` before it ends")
    func endWhileWaiting() async throws {
        let hub = WebHub()
        let subscription = try #require(hub.subscribe())
        let batches = Mutex<[WebHub.Batch]>([])
        let reading = Task {
            try await subscription.forEach { batch in batches.withLock { $0.append(batch) } }
        }
        // Once the snapshot is read, the stream waits for a wake-up; then the run ends.
        while batches.withLock({ $0.isEmpty }) { try await Task.sleep(for: .milliseconds(10)) }
        try await Task.sleep(for: .milliseconds(50))
        hub.close()
        try await reading.value
        #expect(batches.withLock { $0.count } == 2 && batches.withLock { $0.last } == .end, "\(batches.withLock { $0 })")
    }

    @Test("on a real socket: a foreign Host or Origin gets 403 even with the token; the control stream answers beside full spectators")
    func routesOnSocket() throws {
        let sent = Mutex<[FrontEndInputEvent]>([])
        let hub = WebHub()
        let routes = WebRoutes(hub: hub, token: token, origin: ControlOrigin(names: ["localhost"])) { event in
            sent.withLock { $0.append(event) }
            return true
        }
        let server = try WebServer(host: "127.0.0.1", port: 0, routes: routes)
        defer { server.stop() }
        let port = server.port
        let path = "/control/\(token.text)/input"
        let rebound = try LoopbackHTTP.request(port: port, "POST", path, body: #"{"type":"cancel"}"#, host: "evil.example:\(port)")
        #expect(rebound.status == 403 && rebound.body.contains("evil.example"), "\(rebound)")
        let foreign = try LoopbackHTTP.request(port: port, "POST", path, body: #"{"type":"cancel"}"#, headers: ["Origin: http://evil.example"])
        #expect(foreign.status == 403 && foreign.body.contains("control page itself"), "\(foreign)")
        #expect(try LoopbackHTTP.request(port: port, "GET", "/control/\(token.text)", host: "evil.example").status == 403)
        #expect(sent.withLock { $0 }.isEmpty)
        let same = try LoopbackHTTP.request(port: port, "POST", path, body: #"{"type":"cancel"}"#, host: "127.0.0.1:\(port)",
                                            headers: ["Origin: http://127.0.0.1:\(port)"])
        #expect(same.status == 204)
        #expect(sent.withLock { $0 } == [FrontEndInputEvent(type: .cancel)])

        let spectators = (0..<WebHub.clientLimit).compactMap { _ in hub.subscribe() }
        defer { for subscription in spectators { subscription.end() } }
        let refused = try LoopbackHTTP.exchange(port: port, "GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") { $0.contains("\r\n\r\n") }
        #expect(refused.hasPrefix("HTTP/1.1 503"), "\(refused)")
        let stream = try LoopbackHTTP.exchange(port: port, "GET /control/\(token.text)/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n") {
            $0.contains("event: snapshot")
        }
        #expect(stream.hasPrefix("HTTP/1.1 200") && stream.contains("event: snapshot"), "\(stream)")
    }

    @Test("a connection that sends no request is closed after the request timeout; the server stays within its connection limit")
    func silentConnectionsClosed() async throws {
        let server = try WebServer(host: "127.0.0.1", port: 0, routes: WebRoutes(hub: WebHub(), token: token) { _ in true })
        defer { server.stop() }
        let port = server.port
        // More silent connections than the limit: the server never holds more than the limit, and each is
        // closed within the timeout (a read returns 0: end of stream).
        let count = WebServer.connectionLimit + 20
        let descriptors = try (0..<count).map { _ in try LoopbackSocket.connect(port: port) }
        defer { for fd in descriptors { LoopbackSocket.close(fd) } }
        try await Task.sleep(for: .seconds(1))
        #expect(server.connectionCount <= WebServer.connectionLimit)
        // A newcomer with a request is answered at once, the silent ones making room.
        #expect(try LoopbackHTTP.request(port: port, "GET", "/").status == 200)
        let deadline = Date().addingTimeInterval(Double(WebServer.requestTimeout.nanoseconds) / 1e9 + 10)
        while server.connectionCount > 0, Date() < deadline { try await Task.sleep(for: .milliseconds(200)) }
        #expect(server.connectionCount == 0, "silent connections still open after the request timeout")
    }
}
