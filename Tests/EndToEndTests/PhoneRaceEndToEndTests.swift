import Domain
import Foundation
import MateRunnerTesting
import Testing

/// Four real `materunner run` processes and a `watch` on a club laptop, in network namespaces
/// (scripts/netns-broker-homes.sh, no faults): the laptop (`a1`) and the phones on its Wi-Fi (`a2`) at
/// home A, mia's phone on mobile data (`b1`) behind home B's NAT, mosquitto on the "internet" between
/// them. One real track (cerknicko-jezero.gpx's first segment, 173 points over 41 minutes): tom's phone is
/// Traccar Client, posted to with curl from a2 (form and JSON bodies in turn); olive's is OwnTracks in HTTP
/// mode with encryption, posted to with curl from a2, with a 10-minute coverage gap delivered late in one
/// burst of 300 messages (the live one first) and 20 messages sent twice; mia's is OwnTracks in MQTT mode
/// with encryption, published by `mosquitto_pub` from b1 into the broker, with the same late burst and
/// duplicates; carol replays the GPX. Into olive's run also go a wrong password, a 10 MB body, a plaintext
/// location and a position 50 km away; into tom's a wrong token; into mia's a plaintext location. Every
/// refusal is answered and counted, and the phones' results are carol's: the same track, the same finish
/// within 1 %. Mia's run publishes the race for the apps, sealed, and so does the spectator (a home server
/// feeding the phones' maps), in plaintext: read by `mosquitto_sub` on b1 (an app), opened with PyNaCl,
/// every message validates against docs/owntracks-published.schema.json, every card ends finished, and
/// every topic is cleared when its run ends: a later subscriber gets none of them.
@Suite("End to end: phones race (Traccar Client, OwnTracks over HTTP and over MQTT) against a GPX replay")
struct PhoneRaceEndToEndTests {
    static let speedup = 30.0
    static let goal = 1.8

    @Test(
        "one result on every peer; the phones finish as the GPX replay does; every injection refused and counted",
        .timeLimit(.minutes(5)))
    func threeSources() async throws {
        let homes = try await BrokerHomes.start(delay: 0, loss: 0)
        do {
            try await race(homes)
        } catch {
            await homes.stop()
            throw error
        }
        await homes.stop()
    }

    func race(_ homes: BrokerHomes) async throws {
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

        // Ports inside the laptop's namespace, where nothing else listens.
        let (portC, portT, portO, portM, portW) = (47_501, 47_502, 47_503, 47_504, 47_505)
        let (httpT, httpO) = (47_480, 47_481)
        let laptop = try #require(homes.addresses["a1"])
        // The phones: tom's and olive's on the laptop's Wi-Fi, mia's on mobile data.
        let (wifi, mobile) = (try homes.enter("a2"), try homes.enter("b1"))
        let broker = try #require(URL(string: homes.brokerURL))
        let credentials = Credentials(
            user: "olive", password: "olive-pw", encryptionKey: "olive-secret-key", device: "48241179",
            token: "tom-token")
        let (dataT, dataO, dataM) = (
            folder.appendingPathComponent("tom"), folder.appendingPathComponent("olive"),
            folder.appendingPathComponent("mia")
        )
        for directory in [dataT, dataO, dataM] { try Self.keep(credentials, in: directory) }

        // The app on mia's phone, subscribed before anything is published: every message, retained or not.
        let app = try ProcessRun.Handle(
            BrokerHomes.ip,
            try homes.command(on: "b1", "mosquitto_sub", Self.broker(broker) + [
                "-i", "mia-app", "-q", "1", "-t", "owntracks/race/#", "-t", "owntracks/club/#", "-F", "%r %t %l %p",
            ]))
        defer { if app.process.isRunning { kill(app.process.processIdentifier, SIGKILL) } }

        let common = ["--goal", "\(Self.goal)", "--frontend", "json", "--wait", "60", "--log-level", "info"]
        func peers(_ ports: Int...) -> [String] { ports.flatMap { ["--peer", "127.0.0.1:\($0)"] } }
        let carol = try homes.start(
            on: "a1", binary,
            ["run", "--name", "carol", "--port", "\(portC)", "--source", "gpx:\(gpx.path):x30"]
                + peers(portT, portO, portM)
                + common)
        let tom = try homes.start(
            on: "a1", binary,
            [
                "run", "--name", "tom", "--port", "\(portT)", "--source", "traccar:\(laptop):\(httpT)", "--speedup",
                "30", "--data-dir", dataT.path,
            ] + peers(portC, portO, portM) + common)
        let olive = try homes.start(
            on: "a1", binary,
            [
                "run", "--name", "olive", "--port", "\(portO)", "--source",
                "owntracks-http:\(laptop):\(httpO):encrypted", "--speedup", "30", "--data-dir", dataO.path,
            ] + peers(portC, portT, portM) + common)
        let mia = try homes.start(
            on: "a1", binary,
            [
                "run", "--name", "mia", "--port", "\(portM)", "--source", "owntracks:mia/phone:encrypted",
                "--broker", homes.brokerURL, "--owntracks-publish", "owntracks/race:encrypted", "--speedup", "30",
                "--data-dir", dataM.path,
            ] + peers(portC, portT, portO) + common)
        // A home server following the race feeds the phones' maps too (plaintext, a prefix of its own).
        let screen = try homes.start(
            on: "a1", binary,
            [
                "watch", "--name", "screen", "--port", "\(portW)", "--broker", homes.brokerURL, "--owntracks-publish",
                "owntracks/club", "--frontend", "json", "--speedup", "30", "--wait", "60",
            ] + peers(portC, portT, portO, portM))
        let handles = [carol, tom, olive, mia, screen]
        defer {
            for handle in handles where handle.process.isRunning { kill(handle.process.processIdentifier, SIGKILL) }
        }

        // The phones post once their runs have started (what came before the start would not count).
        for handle in [tom, olive, mia] {
            let running = await handle.waitForJSON(type: "status", timeout: 60) { $0["stage"] as? String == "running" }
            #expect(running != nil, "no running status: \(handle.output.suffix(500))")
        }
        let traccarURL = "http://\(laptop):\(httpT)/traccar/\(credentials.token)"
        let ownTracksURL = "http://\(laptop):\(httpO)/owntracks"
        async let traccarStatuses = Self.postTraccar(
            segment, url: traccarURL, device: credentials.device, from: wifi)
        let ownTracksPoints = PhonePosting.densified(segment, spacing: 2)
        let sealed = try #require(
            try await Self.ownTracksMessages(ownTracksPoints, key: credentials.encryptionKey, folder: folder),
            "PyNaCl (python3-nacl) is missing: scripts/install-system-packages"
        )
        async let ownTracksStatuses = Self.postOwnTracks(
            ownTracksPoints, sealed: sealed, url: ownTracksURL, credentials: credentials, folder: folder,
            from: wifi)
        async let published: Int32 = Self.publishOwnTracks(
            ownTracksPoints, sealed: sealed, broker: broker, topic: "owntracks/mia/phone", from: mobile)
        let (traccar, ownTracks, publishedStatus) = await (traccarStatuses, ownTracksStatuses, published)
        #expect(publishedStatus == 0, "mosquitto_pub ended with \(publishedStatus)")

        let runs = [
            await carol.wait(timeout: 120), await tom.wait(timeout: 120), await olive.wait(timeout: 120),
            await mia.wait(timeout: 120),
        ]
        let watched = await screen.wait(timeout: 60)
        for run in runs + [watched] {
            #expect(!run.timedOut && run.status == 0, "exit \(run.status): \(run.stderr.suffix(2000))")
        }
        let results = try runs.map { try RaceResult(lines: try $0.jsonLines()) }
        #expect(results[0] == results[1] && results[1] == results[2] && results[2] == results[3], "\(results)")
        #expect(try RaceResult(lines: watched.jsonLines()) == results[0], "the spectator's result")
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

        // The race on the phone's map: mia's run (sealed) four cards and her own place (without a course the
        // only one her run knows); the spectator's (plaintext) four cards. Every card ends finished, and
        // every topic is cleared when its run ends.
        let topics = try await Self.appTopics(app, key: credentials.encryptionKey, folder: folder, count: 9)
        let race = topics.filter { $0.topic.hasPrefix("owntracks/race/") }
        let club = topics.filter { $0.topic.hasPrefix("owntracks/club/") }
        #expect(race.filter { !$0.topic.hasSuffix("/info") }.map(\.last) == ["location"], "\(race)")
        for (name, published) in [("mia's run", race), ("the spectator", club)] {
            #expect(published.filter { $0.topic.hasSuffix("/info") }.count == 4, "\(name): \(published)")
            for runner in ["carol", "tom", "olive", "mia"] {
                #expect(
                    published.contains { $0.last.hasPrefix("\(runner) · finished ") && $0.last.hasSuffix(" km") },
                    "\(name): \(published)")
            }
            #expect(published.allSatisfy { $0.cleared }, "\(name) left some retained: \(published)")
        }
        // A later subscriber gets nothing of the race: the broker hands a subscriber every retained message
        // of its topic filters in their order, so the sentinel, retained after the end, comes first.
        let sentinel = try await runTool(
            BrokerHomes.ip,
            try homes.command(on: "b1", "mosquitto_pub", Self.broker(broker) + [
                "-q", "1", "-r", "-t", "materunner-test/end", "-m", "end",
            ]))
        #expect(sentinel.status == 0)
        let later = try await runTool(
            BrokerHomes.ip,
            try homes.command(on: "b1", "mosquitto_sub", Self.broker(broker) + [
                "-C", "1", "-t", "owntracks/race/#", "-t", "owntracks/club/#", "-t", "materunner-test/end", "-F", "%t",
            ]))
        #expect(later.output == "materunner-test/end\n", "retained after the end: \(later.output)")
    }

    /// `-h HOST -p PORT` of `broker` for mosquitto_pub and mosquitto_sub.
    static func broker(_ url: URL) -> [String] {
        ["-h", url.host ?? "", "-p", "\(url.port ?? 1883)"]
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

    /// Each point at its time on the track, 30 times faster, form and JSON bodies in turn, posted from the
    /// phone's host (`ip netns exec` arguments); a post with a wrong token a third of the way.
    static func postTraccar(
        _ points: [PhonePosting.Point], url: String, device: String, from host: [String]
    ) async -> TraccarPosts {
        var posts = TraccarPosts()
        let start = Date()
        for (index, point) in points.enumerated() {
            await sleep(until: start.addingTimeInterval(point.time.timeIntervalSince(points[0].time) / speedup))
            let speed = index > 0 ? PhonePosting.speed(from: points[index - 1], to: point) : 0
            if index % 2 == 0 {
                posts.posted.append(
                    await PhonePosting.curl(
                        ["-d", PhonePosting.traccarForm(point, device: device, speed: speed), url], on: host))
            } else {
                posts.posted.append(
                    await PhonePosting.curl([
                        "-H", "Content-Type: application/json", "--data-binary",
                        PhonePosting.traccarJSON(point, device: device, speed: speed), url,
                    ], on: host))
            }
            if index == points.count / 3 {
                posts.wrongToken = await PhonePosting.curl([
                    "-d", PhonePosting.traccarForm(point, device: device, speed: speed), url + "-wrong",
                ], on: host)
            }
        }
        return posts
    }

    /// The phone's messages, encrypted by PyNaCl: each point's location, then the 50 km jump (the point
    /// a quarter of the way, moved 50 km, a second later); nil without PyNaCl.
    static func ownTracksMessages(_ points: [PhonePosting.Point], key: String, folder: URL) async throws -> (
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
        guard let sealed = try await PhonePosting.encrypted(plain, key: key, folder: folder) else { return nil }
        return (sealed.dropLast().map { Data($0.utf8) }, Data((sealed.last ?? "").utf8))
    }

    /// Each point at its time, encrypted, except a coverage gap of 300 points (10 minutes) that is
    /// queued and posted in one burst once back in coverage, after the first live one; then 20 posted
    /// again. A quarter of the way: a wrong password, a 10 MB body, a plaintext location, a position 50 km
    /// away (encrypted: only the noise filter can tell). Posted from `host` (`ip netns exec` arguments).
    static func postOwnTracks(
        _ points: [PhonePosting.Point], sealed: (locations: [Data], jump: Data), url: String, credentials: Credentials,
        folder: URL, from host: [String]
    ) async -> OwnTracksPosts {
        let user = "\(credentials.user):\(credentials.password)"
        func post(_ body: Data, user: String = user, reply: URL? = nil) async -> Int {
            let file = folder.appendingPathComponent("body-\(UUID().uuidString).json")
            try? body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            return await PhonePosting.curl(
                [
                    "-u", user, "-H", "Content-Type: application/json", "-H", "X-Limit-U: olive", "-H",
                    "X-Limit-D: phone",
                    "--data-binary", "@\(file.path)", url,
                ], body: reply, on: host)
        }
        var posts = OwnTracksPosts()
        let gap = (points.count / 2)..<(points.count / 2 + 300)
        let start = Date()
        for index in points.indices {
            await sleep(until: start.addingTimeInterval(points[index].time.timeIntervalSince(points[0].time) / speedup))
            if gap.contains(index) { continue }
            if index == gap.upperBound + 1 {
                let reply = folder.appendingPathComponent("friends.json")
                posts.posted.append(await post(sealed.locations[index], reply: reply))
                posts.friends = (try? Data(contentsOf: reply)) ?? Data()
                continue
            }
            posts.posted.append(await post(sealed.locations[index]))
            if index == gap.upperBound {
                // The queue in one burst on one connection, as the apps deliver it.
                let files = gap.map { queued in
                    let file = folder.appendingPathComponent("queued-\(queued).json")
                    try? sealed.locations[queued].write(to: file)
                    return file
                }
                posts.posted.append(contentsOf: await PhonePosting.curlBurst(files.map { file in
                    ["-u", user, "-H", "Content-Type: application/json", "-H", "X-Limit-U: olive", "-H",
                     "X-Limit-D: phone", "--data-binary", "@\(file.path)", url]
                }, on: host))
                files.forEach { try? FileManager.default.removeItem(at: $0) }
                // Sent again, as the apps do with what they are not sure was delivered (the same bytes).
                for again in stride(from: gap.lowerBound, to: gap.lowerBound + 200, by: 10) {
                    posts.posted.append(await post(sealed.locations[again]))
                }
            }
            if index == points.count / 4 {
                posts.wrongPassword = await post(sealed.locations[index], user: "\(credentials.user):wrong")
                let large = folder.appendingPathComponent("large.json")
                try? Data(repeating: 0x20, count: 10_000_000).write(to: large)
                posts.tooLarge = await PhonePosting.curl([
                    "-u", user, "-H", "Content-Type: application/json", "--data-binary", "@\(large.path)", url,
                ], on: host)
                posts.posted.append(await post(Data(PhonePosting.ownTracksLocation(points[index + 1], speed: 1).utf8)))
                posts.posted.append(await post(sealed.jump))
            }
        }
        return posts
    }

    /// Mia's phone in MQTT mode on `host` (`ip netns exec` arguments): one `mosquitto_pub -l` (a line a
    /// message, QoS 1, retained as the app retains its locations) fed each point at its time, with the
    /// same coverage gap delivered in one burst after the first live message and 20 sent again; a
    /// plaintext location a quarter of the way. Its exit status.
    static func publishOwnTracks(
        _ points: [PhonePosting.Point], sealed: (locations: [Data], jump: Data), broker: URL, topic: String,
        from host: [String]
    ) async -> Int32 {
        let arguments = host + ["mosquitto_pub"] + Self.broker(broker) + [
            "-i", "mia-phone", "-q", "1", "-r", "-t", topic, "-l",
        ]
        guard let publisher = try? ProcessRun.Handle(BrokerHomes.ip, arguments, input: true) else { return -1 }
        func send(_ lines: [Data]) {
            for line in lines { publisher.send(String(decoding: line, as: UTF8.self)) }
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
        publisher.closeInput()
        let run = await publisher.wait(timeout: 30)
        return run.timedOut ? -1 : run.status
    }

    /// One topic as the app saw it: the last card's name (or `location`), and whether it was cleared after.
    struct AppTopic: Sendable, CustomStringConvertible {
        var topic: String
        var last: String
        var cleared: Bool
        var description: String { "\(topic) \(last)\(cleared ? " (cleared)" : "")" }
    }

    /// What the app (`mosquitto_sub -F '%r %t %l %p'`) saw, once an empty message has cleared `count`
    /// topics (or after 30 s), then stopped by its pid: each message opened with PyNaCl when sealed and
    /// validated by python3-jsonschema against docs/owntracks-published.schema.json; each topic's last.
    static func appTopics(_ app: ProcessRun.Handle, key: String, folder: URL, count: Int) async throws -> [AppTopic] {
        let deadline = Date().addingTimeInterval(30)
        func cleared() -> Int {
            let fields = app.output.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 3) }
            return Set(fields.filter { $0.count >= 3 && $0[2] == "0" }.map { $0[1] }).count
        }
        while cleared() < count, Date() < deadline, app.process.isRunning {
            try await Task.sleep(for: .milliseconds(100))
        }
        // SIGKILL: the test process blocks the signals its children inherit, SIGTERM among them. What the
        // app saw is in its file already (mosquitto_sub flushes each message).
        kill(app.process.processIdentifier, SIGKILL)
        _ = await app.wait(timeout: 10)
        let schema = Fixtures.packageRoot.appendingPathComponent("docs/owntracks-published.schema.json")
        let script = """
            import sys, json, base64, nacl.secret, jsonschema
            seen, key, schema = sys.argv[1], sys.argv[2], json.load(open(sys.argv[3]))
            # One validator for every message (jsonschema.validate would check the schema itself each time).
            validator = jsonschema.validators.validator_for(schema)(schema)
            box = nacl.secret.SecretBox(key.encode()[:32].ljust(32, b"\\0"))
            last = {}
            for line in open(seen, encoding="utf-8").read().splitlines():
                retained, topic, length, payload = (line.split(" ", 3) + [""])[:4]
                if length == "0":
                    last[topic] = (last.get(topic, ("nothing", False))[0], True)
                    continue
                message = json.loads(payload)
                if topic.startswith("owntracks/race/"):
                    assert message["_type"] == "encrypted", line
                    message = json.loads(box.decrypt(base64.b64decode(message["data"])))
                validator.validate(message)
                assert topic.endswith("/info") == (message["_type"] == "card"), topic
                last[topic] = (message.get("name", "location"), False)
            for topic, (name, cleared) in sorted(last.items()):
                print(topic + "\\t" + name + "\\t" + str(cleared))
            """
        let run = try await runTool(
            URL(fileURLWithPath: "/usr/bin/python3"), ["-c", script, app.stdoutURL.path, key, schema.path])
        try #require(run.status == 0, "the app's messages did not check out: \(app.output.suffix(2000))")
        return run.output.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            return AppTopic(topic: fields[0], last: fields.count > 1 ? fields[1] : "", cleared: fields.last == "True")
        }
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
