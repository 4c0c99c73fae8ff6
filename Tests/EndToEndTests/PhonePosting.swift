import Domain
import Foundation
import MateRunnerTesting

/// A phone replayed from a real track: the messages Traccar Client and OwnTracks would post, made
/// from its points, and curl to post them. They report an accuracy of 1 m, so that the noise filter's
/// minimum step is the GPX replay's (2.5 m; at 5 m it would be 10 m, which cuts the track's bends short
/// and makes the phones' distance, and finish, differ from the replay's: docs/DOMAIN.md).
enum PhonePosting {
    /// One point of the track, at its recorded time.
    struct Point {
        var coordinate: Coordinate
        var time: Date
    }

    /// `points` with points added on the straight line between two that are more than `spacing`
    /// seconds apart, so that a phone reports every `spacing` seconds or more often; the path, and so
    /// its length, is the same.
    static func densified(_ points: [Point], spacing: TimeInterval) -> [Point] {
        guard var previous = points.first else { return [] }
        var out = [previous]
        for point in points.dropFirst() {
            let gap = point.time.timeIntervalSince(previous.time)
            let steps = max(1, Int((gap / spacing).rounded(.up)))
            for step in 1...steps {
                let share = Double(step) / Double(steps)
                let coordinate = Coordinate(
                    latitude: previous.coordinate.latitude + (point.coordinate.latitude - previous.coordinate.latitude)
                        * share,
                    longitude: previous.coordinate.longitude
                        + (point.coordinate.longitude - previous.coordinate.longitude) * share
                )
                out.append(Point(coordinate: coordinate, time: previous.time.addingTimeInterval(gap * share)))
            }
            previous = point
        }
        return out
    }

    /// OwnTracks' `location` (Android's shape: zero fields left out, `vel` an integer in km/h).
    static func ownTracksLocation(_ point: Point, speed: Double) -> String {
        let velocity = Int((speed * 3.6).rounded())
        return
            #"{"_type":"location","acc":1,"batt":80,"bs":1,"conn":"m","#
            + #""lat":\#(point.coordinate.latitude),"lon":\#(point.coordinate.longitude),"#
            + #""t":"p","tid":"OL","tst":\#(Int(point.time.timeIntervalSince1970))"#
            + (velocity > 0 ? ",\"vel\":\(velocity)}" : "}")
    }

    /// Traccar Client's form body (OsmAnd: speed in knots).
    static func traccarForm(_ point: Point, device: String, speed: Double) -> String {
        "id=\(device)&lat=\(point.coordinate.latitude)&lon=\(point.coordinate.longitude)"
            + "&timestamp=\(Int(point.time.timeIntervalSince1970))"
            + "&speed=\(speed / (1852.0 / 3600))&accuracy=1&batt=77"
    }

    /// Traccar Client 9's JSON body (speed in m/s, ISO time).
    static func traccarJSON(_ point: Point, device: String, speed: Double) -> String {
        let time = point.time.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
        return
            #"{"location":{"timestamp":"\#(time)","#
            + #""coords":{"latitude":\#(point.coordinate.latitude),"longitude":\#(point.coordinate.longitude),"#
            + #""accuracy":1,"speed":\#(speed),"heading":-1,"altitude":560},"#
            + #""is_moving":true,"battery":{"level":0.77}},"device_id":"\#(device)"}"#
    }

    /// The speed from `from` to `to`, m/s.
    static func speed(from: Point, to: Point) -> Double {
        let seconds = to.time.timeIntervalSince(from.time)
        return seconds > 0 ? Geodesy.distance(from: from.coordinate, to: to.coordinate) / seconds : 0
    }

    /// The points of the first non-empty `<trkseg>` of the GPX file at `url`, with their times.
    static func firstSegment(of url: URL) throws -> [Point] {
        let text = try String(contentsOf: url, encoding: .utf8)
        let segments = try Regex(#"<trkseg>(.*?)</trkseg>"#).dotMatchesNewlines()
        let point = try Regex(#"<trkpt lat="([-0-9.]+)" lon="([-0-9.]+)".*?<time>([^<]+)</time>"#).dotMatchesNewlines()
        for segment in text.matches(of: segments) {
            let points = String(segment.output[1].substring ?? "").matches(of: point).compactMap { match -> Point? in
                guard let latitude = match.output[1].substring.flatMap({ Double($0) }),
                    let longitude = match.output[2].substring.flatMap({ Double($0) }),
                    let time = match.output[3].substring.flatMap({ try? Date.ISO8601FormatStyle().parse(String($0)) })
                else { return nil }
                return Point(coordinate: Coordinate(latitude: latitude, longitude: longitude), time: time)
            }
            if !points.isEmpty { return points }
        }
        return []
    }

    /// Each of `messages` in OwnTracks' encrypted envelope under `key`, sealed by PyNaCl (libsodium's
    /// Python binding, Debian's python3-nacl), not by the code under test; nil when PyNaCl is missing.
    static func encrypted(_ messages: [String], key: String, folder: URL) async throws -> [String]? {
        let input = folder.appendingPathComponent("plain-\(UUID().uuidString).txt")
        try (messages.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: input) }
        let script = """
            import sys, base64, json, nacl.secret, nacl.utils
            box = nacl.secret.SecretBox(sys.argv[1].encode()[:32].ljust(32, b"\\0"))
            for line in open(sys.argv[2], "rb"):
                sealed = box.encrypt(line.rstrip(b"\\n"))
                print(json.dumps({"_type": "encrypted", "data": base64.b64encode(bytes(sealed)).decode()}))
            """
        let run = try await runTool(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, key, input.path], quietErrors: true)
        guard run.status == 0 else { return nil }
        let lines = run.output.split(separator: "\n").map(String.init)
        return lines.count == messages.count ? lines : nil
    }

    /// Curl, on `host` when given (its `ip netns exec` arguments), off Swift's pool.
    static func runCurl(_ arguments: [String], on host: [String]?) async -> String {
        let (tool, words) = host.map { ("/usr/sbin/ip", $0 + ["curl"] + arguments) } ?? ("/usr/bin/curl", arguments)
        return (try? await runTool(URL(fileURLWithPath: tool), words, quietErrors: true))?.output ?? ""
    }

    /// Posts `requests` (each one's arguments, its URL last) in one curl process, one after the other on one
    /// connection, as a phone delivers what it queued while out of coverage: no gap between two of them
    /// however busy the machine is, at most `rate` a second (the source answers more than 200 a second
    /// with 429). Each request's status, in order (0 for one that got none). `host`: as for `curl`.
    static func curlBurst(_ requests: [[String]], rate: Int = 100, on host: [String]? = nil) async -> [Int] {
        let perRequest = ["-s", "-o", "/dev/null", "-w", "%{http_code}\n", "--max-time", "10"]
        let arguments = ["--rate", "\(rate)/s"] + requests.enumerated().flatMap { index, request in
            (index == 0 ? [] : ["--next"]) + perRequest + request
        }
        let codes = await runCurl(arguments, on: host).split(separator: "\n").map { Int($0) ?? 0 }
        return requests.indices.map { $0 < codes.count ? codes[$0] : 0 }
    }

    /// Runs curl with `arguments` and returns the HTTP status it saw (0 if none); the response's body goes
    /// to `body` when given. `host`: the `ip netns exec NAMESPACE` arguments of the test host it posts
    /// from (nil: this one, loopback URLs only).
    @discardableResult
    static func curl(_ arguments: [String], body: URL? = nil, on host: [String]? = nil) async -> Int {
        let words = ["-s", "-o", body?.path ?? "/dev/null", "-w", "%{http_code}", "--max-time", "10"] + arguments
        return Int(await runCurl(words, on: host)) ?? 0
    }
}
