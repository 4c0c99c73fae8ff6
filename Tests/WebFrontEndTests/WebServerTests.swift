import Foundation
import FrontEndKit
import Testing
import WebFrontEndCore

/// The server on a real loopback socket: binding, the event stream, stopping.
@Suite("Web front-end: server on loopback", .serialized)
struct WebServerTests {
    private func routes(_ hub: WebHub) -> WebRoutes {
        WebRoutes(hub: hub, token: ControlToken()) { _ in true }
    }

    @Test("port 0 binds a free port; the stream sends a snapshot with the race so far, then live frames")
    func eventStream() async throws {
        let hub = WebHub()
        let server = try WebServer(host: "127.0.0.1", port: 0, routes: routes(hub))
        defer { server.stop() }
        #expect(server.port > 0)
        hub.publish(WebFrames.status(elapsed: 5, alice: 20, bob: 10))
        // Once the snapshot has arrived (a frame published before would be part of it), a cheer is published;
        // the client reads on until that frame event is complete.
        let port = server.port
        let text = try await onOwnThread {
            var published = false
            return try LoopbackHTTP.exchange(port: port, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n") { text in
                if !published, text.range(of: "event: snapshot").map({ text[$0.upperBound...].contains("\n\n") }) == true {
                    published = true
                    hub.publish(WebFrames.cheer(from: "bob"))
                }
                // The whole frame event: its blank line (the body is chunked, so more may follow it).
                return text.range(of: "event: frame").map { text[$0.upperBound...].contains("\n\n") } ?? false
            }
        }
        #expect(text.hasPrefix("HTTP/1.1 200"))
        #expect(text.lowercased().contains("content-type: text/event-stream"))
        #expect(text.contains("retry: 2000"))
        let snapshot = try #require(text.range(of: "event: snapshot\ndata: "))
        let frame = try #require(text.range(of: "event: frame\ndata: "))
        #expect(snapshot.upperBound < frame.lowerBound)
        #expect(text[snapshot.upperBound...].hasPrefix(#"{"frames":[{"elapsed":"00:5""#))
        #expect(text[frame.upperBound...].hasPrefix(#"{"cheer":{"emoji":"👏","from":"bob""#))
    }

    @Test("a port in use is an error naming the port and the option to choose another")
    func portInUse() throws {
        let first = try WebServer(host: "127.0.0.1", port: 0, routes: routes(WebHub()))
        defer { first.stop() }
        let error = #expect(throws: WebServerError.self) { try WebServer(host: "127.0.0.1", port: first.port, routes: routes(WebHub())) }
        #expect(error?.description == "cannot serve the web page on 127.0.0.1:\(first.port): the port \(first.port) is in use "
            + "(another web front-end?); choose another with --frontend-option web.listen=127.0.0.1:PORT")
    }

    @Test("stop ends open streams and frees the port")
    func stopEndsStreams() async throws {
        let hub = WebHub()
        let server = try WebServer(host: "127.0.0.1", port: 0, routes: routes(hub))
        let port = server.port
        // Stopped once the snapshot arrived; the client reads until the server closes the connection.
        let text = try await onOwnThread {
            var stopped = false
            return try LoopbackHTTP.exchange(port: port, "GET /events HTTP/1.1\r\nHost: x\r\n\r\n") { text in
                if !stopped, text.contains("event: snapshot") {
                    stopped = true
                    server.stop()
                }
                return false
            }
        }
        #expect(text.contains("event: snapshot"))
        let again = try WebServer(host: "127.0.0.1", port: port, routes: routes(WebHub()))
        again.stop()
    }
}
