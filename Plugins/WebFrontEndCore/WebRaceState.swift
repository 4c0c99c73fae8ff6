import Foundation

/// What the page shows, kept from the frames so that a browser connecting mid-race gets it at once:
/// the course, the latest status, the countdown, a joiner's wait line and open invitations while they matter, the last
/// notices and cheers, the result, and each runner's distance over time for the chart. Frames are kept
/// as the JSON the host sent (the browser reads them as every live frame); only the few fields this
/// needs are decoded. Pure: no I/O, no clock of its own (time is the frames' race-clock time).
public struct WebRaceState: Sendable {
    /// Notices and cheers kept for a newcomer (the page shows the latest few).
    public static let feedLimit = 20
    /// Points per runner in the chart history; past it every other point is dropped.
    public static let historyLimit = 240

    /// The fields of a frame this model reads; everything else passes through untouched.
    struct Head: Decodable {
        struct Runner: Decodable {
            var id: String
            var name: String
            var distanceMetres: Double

            enum CodingKeys: String, CodingKey {
                case id, name
                case distanceMetres = "distance_m"
            }
        }

        struct Invitation: Decodable {
            var id: String
            var expires: String
        }

        struct Waiting: Decodable {
            var until: String
        }

        var type: String
        var time: String?
        var stage: String?
        var elapsedSeconds: Double?
        var runners: [Runner]?
        var invitation: Invitation?
        var waiting: Waiting?

        enum CodingKeys: String, CodingKey {
            case type, time, stage, runners, invitation, waiting
            case elapsedSeconds = "elapsed_s"
        }
    }

    /// One runner's distance over the race's elapsed time.
    public struct History: Sendable, Equatable {
        public var id: String
        public var name: String
        /// `(elapsed seconds, metres)`, oldest first, at most `historyLimit`.
        public var points: [[Double]]
    }

    /// How a frame was taken.
    public enum Kind: Sendable, Equatable {
        /// A full state (status): a newer one replaces an older one not yet sent to a browser.
        case state
        /// An event (notice, cheer, countdown, invitation, result, course, and types not known yet).
        case event
        /// Not valid JSON with a `type`: refused.
        case refused
    }

    public private(set) var course: String?
    public private(set) var status: String?
    public private(set) var result: String?
    public private(set) var countdown: String?
    /// A joiner's wait line (the latest `waiting` frame) while it is up.
    public private(set) var waiting: String?
    /// Open invitations, oldest first: `(id, expires, frame)`.
    public private(set) var invitations: [(id: String, expires: String, frame: String)] = []
    /// Notices and cheers, oldest first.
    public private(set) var feed: [String] = []
    public private(set) var history: [History] = []
    private var stage: String?

    public init() {}

    /// Takes one frame (its JSON as the host sent it) and says what kind it is.
    @discardableResult
    public mutating func apply(_ json: String) -> Kind {
        guard let head = try? JSONDecoder().decode(Head.self, from: Data(json.utf8)) else { return .refused }
        if let time = head.time { invitations.removeAll { $0.expires < time } }
        switch head.type {
        case "status":
            status = json
            take(stage: head.stage)
            record(head)
            return .state
        case "result":
            result = json
            take(stage: "complete")
            record(head)
        case "course":
            course = json
        case "countdown":
            countdown = stage == "running" || stage == "complete" ? nil : json
        case "waiting":
            waiting = head.waiting == nil || stage == "running" || stage == "complete" ? nil : json
        case "invitation":
            if let invitation = head.invitation {
                invitations.removeAll { $0.id == invitation.id }
                invitations.append((invitation.id, invitation.expires, json))
            }
        case "notice", "cheer":
            feed.append(json)
            if feed.count > Self.feedLimit { feed.removeFirst(feed.count - Self.feedLimit) }
        default:
            // A type added to schema 1 later (or the world clock's): passed on live, not kept.
            break
        }
        return .event
    }

    /// The invitation `id` was answered from a page: no longer offered to newcomers.
    public mutating func answered(invitation id: String) {
        invitations.removeAll { $0.id == id }
    }

    /// Everything a newcomer needs, one JSON object: `frames` (kept frames in the order to apply them)
    /// and `history` (`[{id, name, points: [[elapsed_s, distance_m], ...]}]`).
    public func snapshot() -> String {
        var frames: [String] = []
        if let course { frames.append(course) }
        if let status { frames.append(status) }
        if let countdown { frames.append(countdown) }
        if let waiting { frames.append(waiting) }
        frames += invitations.map(\.frame)
        frames += feed
        if let result { frames.append(result) }
        let runs = history.map { run in
            let points = run.points.map { "[\(Self.number($0[0])),\(Self.number($0[1]))]" }.joined(separator: ",")
            return "{\"id\":\(Self.quoted(run.id)),\"name\":\(Self.quoted(run.name)),\"points\":[\(points)]}"
        }
        return "{\"frames\":[\(frames.joined(separator: ","))],\"history\":[\(runs.joined(separator: ","))]}"
    }

    private mutating func take(stage newStage: String?) {
        guard let newStage else { return }
        stage = newStage
        if newStage != "waiting" {
            countdown = nil
            waiting = nil
            invitations.removeAll()
        }
    }

    private mutating func record(_ head: Head) {
        guard let elapsed = head.elapsedSeconds, elapsed.isFinite, let runners = head.runners else { return }
        for runner in runners where runner.distanceMetres.isFinite {
            let point = [elapsed, runner.distanceMetres]
            guard let index = history.firstIndex(where: { $0.id == runner.id }) else {
                history.append(History(id: runner.id, name: runner.name, points: [point]))
                continue
            }
            history[index].name = runner.name
            if let last = history[index].points.last, last[0] >= elapsed {
                // The same instant again (or a clock step back): the newer distance stands for it.
                if last[0] == elapsed { history[index].points[history[index].points.count - 1] = point }
                continue
            }
            history[index].points.append(point)
            if history[index].points.count > Self.historyLimit {
                history[index].points = Self.thinned(history[index].points)
            }
        }
    }

    /// Every other point, keeping the first and the last.
    static func thinned(_ points: [[Double]]) -> [[Double]] {
        guard let last = points.last else { return points }
        var kept = stride(from: 0, to: points.count - 1, by: 2).map { points[$0] }
        kept.append(last)
        return kept
    }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.2f", value)
    }

    private static func quoted(_ text: String) -> String {
        let data = (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
