import Foundation
import FrontEndKit
import Synchronization
import Testing
import WebFrontEndCore

/// The HTTP handlers, on a server on loopback, through a plain HTTP client.
@Suite("Web front-end: HTTP handlers", .serialized)
struct WebRoutesTests {
    /// Input events the routes handed to the host.
    final class Sent: Sendable {
        let events = Mutex<[FrontEndInputEvent]>([])
        let accepting: Bool
        init(accepting: Bool = true) { self.accepting = accepting }
        func send(_ event: FrontEndInputEvent) -> Bool {
            events.withLock { $0.append(event) }
            return accepting
        }
    }

    private let token = ControlToken(bytes: Array(100..<116))

    /// A server on a free loopback port with these routes, for the time of `body`.
    private func serve(token: ControlToken?, sent: Sent, hub: WebHub = WebHub(), _ body: (Client) throws -> Void) throws {
        let server = try WebServer(host: "127.0.0.1", port: 0, routes: WebRoutes(hub: hub, token: token, send: sent.send))
        defer { server.stop() }
        try body(Client(port: server.port))
    }

    struct Client {
        let port: Int
        func get(_ path: String) throws -> LoopbackHTTP.Answer { try LoopbackHTTP.request(port: port, "GET", path) }
        func post(_ path: String, _ json: String) throws -> LoopbackHTTP.Answer { try LoopbackHTTP.request(port: port, "POST", path, body: json) }
    }

    @Test("the spectator page has no controls; the token's page has them; both load only this server's script and style")
    func pages() throws {
        let sent = Sent()
        try serve(token: token, sent: sent) { (client: Client) throws in
            let spectator = try client.get("/")
            #expect(spectator.status == 200)
            #expect(spectator.headers["content-type"] == "text/html; charset=utf-8")
            #expect(spectator.headers["content-security-policy"]?.hasPrefix("default-src 'self'") == true)
            #expect(spectator.headers["referrer-policy"] == "no-referrer")
            #expect(spectator.body.contains("data-control=\"false\""))
            #expect(!spectator.body.contains("id=\"controls\"") && !spectator.body.contains("cheer-button") && !spectator.body.contains("id=\"cancel\""))
            let control = try client.get("/control/\(token.text)")
            #expect(control.status == 200)
            #expect(control.body.contains("id=\"controls\"") && control.body.contains("id=\"cancel\"") && control.body.contains("data-emoji=\"👏\""))
            for page in [spectator.body, control.body] {
                #expect(!page.contains("http://") && !page.contains("https://"))
            }
            let script = try client.get("/app.js")
            #expect(script.status == 200 && script.headers["content-type"] == "text/javascript; charset=utf-8")
            #expect(script.body.contains("new EventSource(eventsPath)") && script.body.contains("\"/events\""))
            let style = try client.get("/app.css")
            #expect(style.status == 200 && style.headers["content-type"] == "text/css; charset=utf-8")
            #expect(try client.get("/nothing-here").status == 404)
        }
        #expect(sent.events.withLock { $0 }.isEmpty)
    }

    @Test("without the token (or with a wrong one) nothing is controlled: 403, and the host gets nothing")
    func forged() throws {
        let sent = Sent()
        try serve(token: token, sent: sent) { (client: Client) throws in
            let wrong = String(token.text.reversed())
            #expect(try client.get("/control/\(wrong)").status == 403)
            #expect(try client.post("/control/\(wrong)/input", #"{"type":"cancel"}"#).status == 403)
            #expect(try client.post("/control/input", #"{"type":"cancel"}"#).status == 404)
            #expect(try client.post("/control/\(token.text.prefix(31))/input", #"{"type":"cancel"}"#).status == 403)
            #expect(try client.post("/control/\(token.text)0/input", #"{"type":"cancel"}"#).status == 403)
        }
        #expect(sent.events.withLock { $0 }.isEmpty)
    }

    @Test("with the token: cheer, cancel, accept and decline reach the host as input events (204)")
    func control() throws {
        let sent = Sent()
        let hub = WebHub()
        hub.publish(WebFrames.invitation(id: "42", expires: "2027-01-15T08:00:30.000Z"))
        try serve(token: token, sent: sent, hub: hub) { (client: Client) throws in
            let path = "/control/\(token.text)/input"
            #expect(try client.post(path, #"{"type":"cheer","emoji":"🔥","to":"00000000000000b2"}"#).status == 204)
            #expect(try client.post(path, #"{"type":"accept","invitation":"42"}"#).status == 204)
            #expect(try client.post(path, #"{"type":"decline","invitation":"43"}"#).status == 204)
            #expect(try client.post(path, #"{"type":"cancel"}"#).status == 204)
        }
        #expect(sent.events.withLock { $0 } == [
            FrontEndInputEvent(type: .cheer, to: "00000000000000b2", emoji: "🔥"),
            FrontEndInputEvent(type: .accept, invitation: "42"),
            FrontEndInputEvent(type: .decline, invitation: "43"),
            FrontEndInputEvent(type: .cancel),
        ])
        // The accepted invitation is no longer offered to a page opened later.
        #expect(!hub.snapshot().contains("\"invitation\""))
    }

    @Test("malformed or not-a-runner's events are refused with 400 and never reach the host", arguments: [
        "not json", #"{"type":"stop"}"#, #"{"type":"next_day"}"#, #"{"type":"cheer"}"#, #"{"type":"accept"}"#, #"{"type":"accept","invitation":""}"#,
        #"{"type":"explode"}"#,
    ])
    func malformed(body: String) throws {
        let sent = Sent()
        try serve(token: token, sent: sent) { (client: Client) throws in
            #expect(try client.post("/control/\(token.text)/input", body).status == 400)
        }
        #expect(sent.events.withLock { $0 }.isEmpty)
    }

    @Test("a body over the limit is refused; the host refusing an event gives 503")
    func limits() throws {
        let sent = Sent(accepting: false)
        try serve(token: token, sent: sent) { (client: Client) throws in
            let long = #"{"type":"cheer","emoji":""# + String(repeating: "x", count: WebRoutes.inputLimit) + #""}"#
            #expect(try client.post("/control/\(token.text)/input", long).status == 413)
            let refused = try client.post("/control/\(token.text)/input", #"{"type":"cancel"}"#)
            #expect(refused.status == 503 && refused.body.contains("takes no input"))
        }
    }

    @Test("watching (no token): every control address is refused")
    func spectatorOnly() throws {
        let sent = Sent()
        try serve(token: nil, sent: sent) { (client: Client) throws in
            #expect(try client.get("/control/\(token.text)").status == 403)
            #expect(try client.post("/control/\(token.text)/input", #"{"type":"cancel"}"#).status == 403)
            #expect(try client.get("/").status == 200)
        }
        #expect(sent.events.withLock { $0 }.isEmpty)
    }

    @Test("server-sent events: snapshot, frame and ping as the page reads them")
    func encoding() {
        #expect(WebRoutes.encode(.snapshot(#"{"frames":[]}"#)) == "event: snapshot\ndata: {\"frames\":[]}\n\n")
        #expect(WebRoutes.encode(.frames(["{\"a\":1}", "{\"b\":2}"])) == "event: frame\ndata: {\"a\":1}\n\nevent: frame\ndata: {\"b\":2}\n\n")
        #expect(WebRoutes.encode(.frames(["{\n}"])) == "event: frame\ndata: {\ndata: }\n\n")
        #expect(WebRoutes.encode(.ping) == "event: ping\ndata: {}\n\n")
    }
}
