import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Four real `materunner run` processes on loopback, on one real track (cerknicko-jezero.gpx's first
/// segment, 173 points over 41 minutes): tom's phone is Traccar Client, posted to with curl (form and
/// JSON bodies in turn); olive's is OwnTracks in HTTP mode with encryption, posted to with curl, with a
/// 10-minute coverage gap delivered late in one burst of 300 messages (the live one first) and 20
/// messages sent twice; mia's is OwnTracks in MQTT mode with encryption, published by `mosquitto_pub`
/// into a mosquitto on loopback, with the same late burst and duplicates; carol replays the GPX. Into
/// olive's run also go a wrong password, a 10 MB body, a plaintext location and a position 50 km away;
/// into tom's a wrong token; into mia's a plaintext location. Every refusal is answered and counted, and
/// the phones' results are carol's: the same track, the same finish within 1 %. Mia's run publishes the
/// race for the apps; read back with `mosquitto_sub`, opened with PyNaCl, every card validates against
/// docs/owntracks-published.schema.json.
@Suite("End to end: phones race (Traccar Client, OwnTracks over HTTP and over MQTT) against a GPX replay")
struct PhoneRaceEndToEndTests {
    static let speedup = 30.0
    static let goal = 1.8

    @Test(
        "one result on every peer; the phones finish as the GPX replay does; every injection refused and counted",
        .timeLimit(.minutes(5)))
    func threeSources() async throws {
        let binary = try BuildProducts.materunner()
        let folder = TestScratch.folder("phones")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let segment = try PhonePosting.firstSegment(of: Fixtures.url("cerknicko-jezero.gpx"))
        try #require(segment.count == 173)
        let reference = zip(segment, segment.dropFirst()).reduce(0) {
            $0 + Geodesy.distance(from: $1.0.coordinate, to: $1.1.coordinate)
        }
        let gpx = folder.appendingPathComponent("segment.gpx")
        try Self.gpx(segment).write(to: gpx, atomically: true, encoding: .utf8)

        let (portC, portT, portO, portM) = (try freeUDPPort(), try freeUDPPort(), try freeUDPPort(), try freeUDPPort())
        let broker = try await TestBroker.started()
        let (httpT, httpO) = (try freeTCPPort(), try freeTCPPort())
        let credentials = Credentials(
            user: "olive", password: "olive-pw", encryptionKey: "olive-secret-key", device: "48241179",
            token: "tom-token")
        let (dataT, dataO, dataM) = (
            folder.appendingPathComponent("tom"), folder.appendingPathComponent("olive"),
            folder.appendingPathComponent("mia")
        )
        for directory in [dataT, dataO, dataM] { try Self.keep(credentials, in: directory) }

        let common = ["--goal", "\(Self.goal)", "--frontend", "json", "--wait", "60", "--log-level", "info"]
        func peers(_ ports: Int...) -> [String] { ports.flatMap { ["--peer", "127.0.0.1:\($0)"] } }
        let carol = try ProcessRun.Handle(
            binary,
            ["run", "--name", "carol", "--port", "\(portC)", "--source", "gpx:\(gpx.path):x30"]
                + peers(portT, portO, portM)
                + common)
        let tom = try ProcessRun.Handle(
            binary,
            [
                "run", "--name", "tom", "--port", "\(portT)", "--source", "traccar:127.0.0.1:\(httpT)", "--speedup",
                "30", "--data-dir", dataT.path,
            ] + peers(portC, portO, portM) + common)
        let olive = try ProcessRun.Handle(
            binary,
            [
                "run", "--name", "olive", "--port", "\(portO)", "--source",
                "owntracks-http:127.0.0.1:\(httpO):encrypted", "--speedup", "30", "--data-dir", dataO.path,
            ] + peers(portC, portT, portM) + common)
        let mia = try ProcessRun.Handle(
            binary,
            [
                "run", "--name", "mia", "--port", "\(portM)", "--source", "owntracks:mia/phone:encrypted",
                "--broker", broker.url(), "--owntracks-publish", "owntracks/race:encrypted", "--speedup", "30",
                "--data-dir", dataM.path,
            ] + peers(portC, portT, portO) + common)
        let handles = [carol, tom, olive, mia]
        defer {
            for handle in handles where handle.process.isRunning { kill(handle.process.processIdentifier, SIGKILL) }
        }

        // The phones post once their runs have started (what came before the start would not count).
        for handle in [tom, olive, mia] {
            let running = await handle.waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
            #expect(running != nil, "no running status: \(handle.output.suffix(500))")
        }
        let traccarURL = "http://127.0.0.1:\(httpT)/traccar/\(credentials.token)"
        let ownTracksURL = "http://127.0.0.1:\(httpO)/owntracks"
        async let traccarStatuses = Self.postTraccar(segment, url: traccarURL, device: credentials.device)
        let ownTracksPoints = PhonePosting.densified(segment, spacing: 2)
        let sealed = try #require(
            try Self.ownTracksMessages(ownTracksPoints, key: credentials.encryptionKey, folder: folder),
            "PyNaCl (python3-nacl) is missing: scripts/install-system-packages"
        )
        async let ownTracksStatuses = Self.postOwnTracks(
            ownTracksPoints, sealed: sealed, url: ownTracksURL, credentials: credentials, folder: folder)
        async let published: Int32 = Self.publishOwnTracks(
            ownTracksPoints, sealed: sealed, broker: broker, topic: "owntracks/mia/phone", folder: folder)
        let (traccar, ownTracks, publishedStatus) = await (traccarStatuses, ownTracksStatuses, published)
        #expect(publishedStatus == 0, "mosquitto_pub ended with \(publishedStatus)")

        let runs = [
            await carol.wait(timeout: 120), await tom.wait(timeout: 120), await olive.wait(timeout: 120),
            await mia.wait(timeout: 120),
        ]
        for run in runs {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr.suffix(2000))")
        }
        let results = try runs.map { try RaceResult(lines: try $0.jsonLines()) }
        #expect(results[0] == results[1] && results[1] == results[2] && results[2] == results[3], "\(results)")
        let entries = Dictionary(uniqueKeysWithValues: results[0].entries.map { ($0.name, $0) })
        let carolFinish = try #require(entries["carol"]?.finishSeconds)
        // A phone's first position counts from when it arrived, `lag` race seconds after its run's start
        // (the test posts once it sees the run going): its finish is carol's plus that.
        let lags = try [runs[1], runs[2], runs[3]].map { try Self.firstPosition(in: $0.stderr) }
        print("phone race: \(results[0]); first positions \(lags) s after the start; reference \(reference) m")
        for (name, lag) in [("carol", 0.0), ("tom", lags[0]), ("olive", lags[1]), ("mia", lags[2])] {
            let entry = try #require(entries[name])
            #expect(entry.state == "finished", "\(entry)")
            #expect(
                entry.distanceMetres >= Self.goal * 1000 && entry.distanceMetres < Self.goal * 1000 + 20, "\(entry)")
            let finish = try #require(entry.finishSeconds) - lag
            let why = "\(name) finished in \(finish) s after its first position (posted \(lag) s after the start), "
                + "carol in \(carolFinish) s"
            #expect(abs(finish - carolFinish) <= carolFinish * 0.01, "\(why)")
        }
        // The whole track, through the noise filter, is within 1 % of its reference length (GPX replay).
        #expect(reference > 1900 && reference < 1925, "reference \(reference) m")

        // Injections: answered as refusals, counted in the runs' own accounts.
        #expect(traccar.wrongToken == 401)
        #expect(traccar.posted.allSatisfy { $0 == 200 }, "\(Set(traccar.posted))")
        #expect(ownTracks.wrongPassword == 401)
        #expect(ownTracks.tooLarge == 413)
        #expect(ownTracks.posted.allSatisfy { $0 == 200 }, "\(Set(ownTracks.posted))")
        let oliveLog = runs[2].stderr
        let summary = try #require(
            oliveLog.split(separator: "\n").last { $0.contains("owntracks-http:") && $0.contains("positions") },
            "\(oliveLog.suffix(2000))")
        for count in ["plaintext 1", "too-large 1", "unauthorized 1", "duplicate 20"] {
            #expect(summary.contains(count), "\(summary)")
        }
        #expect(!summary.contains("late"), "\(summary)")
        print("phone race: \(summary)")
        // The reply to a POST shows the mates on olive's map: a card each, rank and distance in the name.
        let friends = try #require(
            try JSONSerialization.jsonObject(with: ownTracks.friends) as? [[String: Any]],
            "\(String(decoding: ownTracks.friends, as: UTF8.self))")
        let cards = friends.filter { $0["_type"] as? String == "card" }.compactMap { $0["name"] as? String }
        #expect(
            cards.count == 3 && cards.contains { $0.hasPrefix("carol · ") && $0.hasSuffix(" km") }
                && cards.contains { $0.hasPrefix("tom · ") } && cards.contains { $0.hasPrefix("mia · ") }, "\(cards)")
        let tomSummary =
            runs[1].stderr.split(separator: "\n").last { $0.contains("traccar:") && $0.contains("positions") } ?? ""
        #expect(tomSummary.contains("unauthorized 1"), "\(tomSummary)")
        // The 50 km jump went to the noise filter, which dropped it: olive's statuses count it.
        let dropped = try runs[2].jsonLines().compactMap {
            (($0["position"] as? [String: Any])?["dropped_fixes"] as? [String: Any])?["count"] as? Int
        }
        #expect((dropped.max() ?? 0) >= 1, "olive's statuses never counted a dropped fix")

        // Mia's phone over MQTT: the same late burst and duplicates, and a plaintext injection refused.
        let miaSummary = try #require(
            runs[3].stderr.split(separator: "\n").last { $0.contains("owntracks:") && $0.contains("positions") },
            "\(runs[3].stderr.suffix(2000))")
        for count in ["plaintext 1", "duplicate 20"] {
            #expect(miaSummary.contains(count), "\(miaSummary)")
        }
        #expect(!miaSummary.contains("late"), "\(miaSummary)")
        print("phone race: \(miaSummary)")
        // The race on the broker, as the apps read it: every runner's card, sealed, valid, finished.
        let cardNames = try Self.publishedCards(
            broker: broker, prefix: "owntracks/race", key: credentials.encryptionKey, count: 5)
        // Four cards, and mia's own place (without a course the only one her run knows).
        #expect(cardNames.filter { $0.hasPrefix("location owntracks/race/") }.count == 1, "\(cardNames)")
        #expect(cardNames.count == 5, "\(cardNames)")
        for name in ["carol", "tom", "olive", "mia"] {
            #expect(
                cardNames.contains { $0.hasPrefix("\(name) · finished ") && $0.hasSuffix(" km") }, "\(cardNames)")
        }
    }

    // MARK: The phones

    struct TraccarPosts: Sendable {
        var posted: [Int] = []
        var wrongToken = 0
    }

    struct OwnTracksPosts: Sendable {
        var posted: [Int] = []
        /// The reply to the first post after the burst: the mates, as OwnTracks friends.
        var friends = Data()
        var wrongPassword = 0
        var tooLarge = 0
    }

    /// Each point at its time on the track, 30 times faster, form and JSON bodies in turn; a post with a
    /// wrong token a third of the way.
    static func postTraccar(_ points: [PhonePosting.Point], url: String, device: String) async -> TraccarPosts {
        var posts = TraccarPosts()
        let start = Date()
        for (index, point) in points.enumerated() {
            await sleep(until: start.addingTimeInterval(point.time.timeIntervalSince(points[0].time) / speedup))
            let speed = index > 0 ? PhonePosting.speed(from: points[index - 1], to: point) : 0
            if index % 2 == 0 {
                posts.posted.append(
                    PhonePosting.curl(["-d", PhonePosting.traccarForm(point, device: device, speed: speed), url]))
            } else {
                posts.posted.append(
                    PhonePosting.curl([
                        "-H", "Content-Type: application/json", "--data-binary",
                        PhonePosting.traccarJSON(point, device: device, speed: speed), url,
                    ]))
            }
            if index == points.count / 3 {
                posts.wrongToken = PhonePosting.curl([
                    "-d", PhonePosting.traccarForm(point, device: device, speed: speed), url + "-wrong",
                ])
            }
        }
        return posts
    }

    /// The phone's messages, encrypted by PyNaCl: each point's location, then the 50 km jump (the point
    /// a quarter of the way, moved 50 km, a second later); nil without PyNaCl.
    static func ownTracksMessages(_ points: [PhonePosting.Point], key: String, folder: URL) throws -> (
        locations: [Data], jump: Data
    )? {
        var plain = points.indices.map { index in
            PhonePosting.ownTracksLocation(
                points[index], speed: index > 0 ? PhonePosting.speed(from: points[index - 1], to: points[index]) : 0)
        }
        var far = points[points.count / 4]
        far.coordinate = Geodesy.destination(from: far.coordinate, metres: 50_000, bearing: 45)
        far.time = far.time.addingTimeInterval(1)
        plain.append(PhonePosting.ownTracksLocation(far, speed: 1))
        guard let sealed = try PhonePosting.encrypted(plain, key: key, folder: folder) else { return nil }
        return (sealed.dropLast().map { Data($0.utf8) }, Data((sealed.last ?? "").utf8))
    }

    /// Each point at its time, encrypted, except a coverage gap of 300 points (10 minutes) that is
    /// queued and posted in one burst once back in coverage, after the first live one; then 20 posted
    /// again. A quarter of the way: a wrong password, a 10 MB body, a plaintext location, a position 50 km
    /// away (encrypted: only the noise filter can tell).
    static func postOwnTracks(
        _ points: [PhonePosting.Point], sealed: (locations: [Data], jump: Data), url: String, credentials: Credentials,
        folder: URL
    ) async -> OwnTracksPosts {
        let user = "\(credentials.user):\(credentials.password)"
        func post(_ body: Data, user: String = user, reply: URL? = nil) -> Int {
            let file = folder.appendingPathComponent("body-\(UUID().uuidString).json")
            try? body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            return PhonePosting.curl(
                [
                    "-u", user, "-H", "Content-Type: application/json", "-H", "X-Limit-U: olive", "-H",
                    "X-Limit-D: phone",
                    "--data-binary", "@\(file.path)", url,
                ], body: reply)
        }
        var posts = OwnTracksPosts()
        let gap = (points.count / 2)..<(points.count / 2 + 300)
        let start = Date()
        for index in points.indices {
            await sleep(until: start.addingTimeInterval(points[index].time.timeIntervalSince(points[0].time) / speedup))
            if gap.contains(index) { continue }
            if index == gap.upperBound + 1 {
                let reply = folder.appendingPathComponent("friends.json")
                posts.posted.append(post(sealed.locations[index], reply: reply))
                posts.friends = (try? Data(contentsOf: reply)) ?? Data()
                continue
            }
            posts.posted.append(post(sealed.locations[index]))
            if index == gap.upperBound {
                // The queue in one burst on one connection, as the apps deliver it.
                let files = gap.map { queued in
                    let file = folder.appendingPathComponent("queued-\(queued).json")
                    try? sealed.locations[queued].write(to: file)
                    return file
                }
                posts.posted.append(contentsOf: PhonePosting.curlBurst(files.map { file in
                    ["-u", user, "-H", "Content-Type: application/json", "-H", "X-Limit-U: olive", "-H",
                     "X-Limit-D: phone", "--data-binary", "@\(file.path)", url]
                }))
                files.forEach { try? FileManager.default.removeItem(at: $0) }
                // Sent again, as the apps do with what they are not sure was delivered (the same bytes).
                for again in stride(from: gap.lowerBound, to: gap.lowerBound + 200, by: 10) {
                    posts.posted.append(post(sealed.locations[again]))
                }
            }
            if index == points.count / 4 {
                posts.wrongPassword = post(sealed.locations[index], user: "\(credentials.user):wrong")
                let large = folder.appendingPathComponent("large.json")
                try? Data(repeating: 0x20, count: 10_000_000).write(to: large)
                posts.tooLarge = PhonePosting.curl([
                    "-u", user, "-H", "Content-Type: application/json", "--data-binary", "@\(large.path)", url,
                ])
                posts.posted.append(post(Data(PhonePosting.ownTracksLocation(points[index + 1], speed: 1).utf8)))
                posts.posted.append(post(sealed.jump))
            }
        }
        return posts
    }

    /// Mia's phone in MQTT mode: one `mosquitto_pub -l` (a line a message, QoS 1, retained as the app
    /// retains its locations) fed each point at its time, with the same coverage gap delivered in one
    /// burst after the first live message and 20 sent again; a plaintext location a quarter of the way.
    /// Its exit status.
    static func publishOwnTracks(
        _ points: [PhonePosting.Point], sealed: (locations: [Data], jump: Data), broker: TestBroker, topic: String,
        folder: URL
    ) async -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_pub")
        process.arguments = [
            "-h", "127.0.0.1", "-p", "\(broker.port)", "-i", "mia-phone", "-q", "1", "-r", "-t", topic, "-l",
        ]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return -1 }
        func send(_ lines: [Data]) {
            input.fileHandleForWriting.write(lines.reduce(into: Data()) { $0 += $1 + Data("\n".utf8) })
        }
        let gap = (points.count / 2)..<(points.count / 2 + 300)
        let start = Date()
        for index in points.indices {
            await sleep(until: start.addingTimeInterval(points[index].time.timeIntervalSince(points[0].time) / speedup))
            if gap.contains(index) { continue }
            send([sealed.locations[index]])
            if index == gap.upperBound {
                send(gap.map { sealed.locations[$0] })
                send(stride(from: gap.lowerBound, to: gap.lowerBound + 200, by: 10).map { sealed.locations[$0] })
            }
            if index == points.count / 4 {
                send([Data(PhonePosting.ownTracksLocation(points[index + 1], speed: 1).utf8)])
            }
        }
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The first `count` messages retained under `prefix` on the broker, read with `mosquitto_sub`, opened
    /// with PyNaCl and validated by python3-jsonschema against docs/owntracks-published.schema.json: each
    /// card's name.
    static func publishedCards(broker: TestBroker, prefix: String, key: String, count: Int) throws -> [String] {
        let schema = Fixtures.packageRoot.appendingPathComponent("docs/owntracks-published.schema.json")
        let script = """
            import sys, json, base64, subprocess, nacl.secret, jsonschema
            port, prefix, key, count = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[5]
            schema = json.load(open(sys.argv[4]))
            # -C, not -W: the test process blocks the signals its children inherit (-W waits for SIGALRM).
            command = ["mosquitto_sub", "-h", "127.0.0.1", "-p", port, "-t", prefix + "/#", "-v", "-C", count]
            out = subprocess.run(command, capture_output=True, text=True, timeout=20).stdout
            box = nacl.secret.SecretBox(key.encode()[:32].ljust(32, b"\\0"))
            for line in out.splitlines():
                topic, payload = line.split(" ", 1)
                envelope = json.loads(payload)
                assert envelope["_type"] == "encrypted", line
                message = json.loads(box.decrypt(base64.b64decode(envelope["data"])))
                jsonschema.validate(message, schema)
                assert topic.endswith("/info") == (message["_type"] == "card"), topic
                print(message.get("name", "location " + topic))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, "\(broker.port)", prefix, key, schema.path, "\(count)"]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let problem = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(String(decoding: problem, as: UTF8.self))")
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The race seconds after the start at which a phone run's first position counted (its log says).
    static func firstPosition(in log: String) throws -> Double {
        let line = try #require(
            log.split(separator: "\n").first { $0.contains("first position") }, "no first position in the log")
        let words = line.split(separator: " ")
        let index = try #require(words.firstIndex(of: "position"))
        return try #require(Double(words[index + 1]))
    }

    static func sleep(until date: Date) async {
        let wait = date.timeIntervalSinceNow
        if wait > 0 { try? await Task.sleep(for: .seconds(wait)) }
    }

    // MARK: Files

    /// A GPX 1.1 track of `points`.
    static func gpx(_ points: [PhonePosting.Point]) -> String {
        let formatter = Date.ISO8601FormatStyle()
        let body = points.map {
            #"<trkpt lat="\#($0.coordinate.latitude)" lon="\#($0.coordinate.longitude)">"#
                + #"<time>\#($0.time.formatted(formatter))</time></trkpt>"#
        }
        return
            #"<?xml version="1.0" encoding="UTF-8"?>"#
            + #"<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>"#
            + body.joined() + "</trkseg></trk></gpx>\n"
    }

    /// A phone's credentials, as `phone-credentials.json` holds them (docs/PHONES.md).
    struct Credentials: Codable, Sendable {
        var user, password, encryptionKey, device, token: String
    }

    /// `credentials` in `directory`, as the runner keeps them (0600 in a 0700 folder).
    static func keep(_ credentials: Credentials, in directory: URL) throws {
        try FileManager.default.createDirectory(
            at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let file = directory.appendingPathComponent("phone-credentials.json")
        _ = FileManager.default.createFile(
            atPath: file.path, contents: try JSONEncoder().encode(credentials), attributes: [.posixPermissions: 0o600])
    }
}
