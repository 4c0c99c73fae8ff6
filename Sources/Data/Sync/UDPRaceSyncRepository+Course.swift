import Domain
import Foundation
import SyncCore
import SyncWire

/// How a joiner fetches a course: how many requests it keeps in flight, when it asks again for a chunk
/// that did not come, and how many requests it sends at most (docs/PROTOCOL.md, "Course fetch").
public struct CourseFetchSettings: Sendable {
    /// Requests in flight at once.
    public var window: Int
    /// A chunk not received this long (seconds, real time) after its request is asked for again, at
    /// least: longer once the host is measured to answer more slowly (`RetransmissionTimer`).
    public var retryAfter: TimeInterval
    /// How often the fetch looks at what arrived, in seconds.
    public var poll: TimeInterval

    /// The settings of `materunner run`.
    public init(window: Int = 32, retryAfter: TimeInterval = 0.25, poll: TimeInterval = 0.002) {
        self.window = window
        self.retryAfter = retryAfter
        self.poll = poll
    }

    /// The most requests for a course of `chunkCount` chunks: three per chunk and a margin. A request
    /// and its chunk both cross with probability (1 − loss)²: 30 % loss each way needs about 2 requests
    /// per chunk on average, and the budget holds up to about 40 % each way, while nothing asks for ever
    /// (the host answers no more either: `CourseTransfers.answerBudget`).
    public static func requestBudget(chunkCount: Int) -> Int { 3 * chunkCount + 32 }
}

/// Why a course could not be fetched from the race's host; each says what to do.
public enum CourseFetchError: Error, Equatable, CustomStringConvertible {
    /// The pairing with the host did not complete, so nothing could authenticate its course.
    case notPaired(host: String)
    /// Not every chunk came within the time allowed.
    case timedOut(host: String, received: Int, of: Int, seconds: Double)
    /// Every request allowed was sent and chunks are still missing.
    case tooManyRequests(host: String, received: Int, of: Int, requests: Int)
    /// The points received do not hash to the digest the invitation named: not used.
    case digestMismatch(host: String, expected: String, actual: String)
    /// The points received are not a course (and so cannot be the one named).
    case badCourse(host: String, CourseError)

    public var description: String {
        let advice = "pass --course FILE (the host's course file)"
        return switch self {
        case .notPaired(let host):
            "could not fetch the course from \(host): the pairing with \(host) did not complete; \(advice)"
        case let .timedOut(host, received, count, seconds):
            "could not fetch the course from \(host): \(received) of \(count) chunks came in \(Int(seconds.rounded())) s; \(advice)"
        case let .tooManyRequests(host, received, count, requests):
            "could not fetch the course from \(host): \(received) of \(count) chunks came after \(requests) requests; \(advice)"
        case let .digestMismatch(host, expected, actual):
            "could not fetch the course from \(host): the points received hash to \(actual), not to the course \(expected) of the invitation, so they were not used; \(advice)"
        case let .badCourse(host, error):
            "could not fetch the course from \(host): \(error); \(advice)"
        }
    }
}

extension UDPRaceSyncRepository {
    /// A host: serves `file`'s course to the invitees of its invitations that name it.
    public func serveCourse(_ file: CourseFile) {
        let points = CoursePoints.fixed(file.course.points)
        store.withState { $0.serveCourse(digest: file.digest, points: points) }
    }

    /// A joiner: fetches the course `terms` names (`pointCount` points) from `host`, whose invitation
    /// `invitation` it paired with, within `within` seconds (real time): chunk requests, `settings.window`
    /// at a time, asked again after `settings.retryAfter`, at most `CourseFetchSettings.requestBudget`;
    /// the points reassembled must hash to `terms.digest`. Returns the course, named `title`.
    public func fetchCourse(
        _ terms: CourseTerms, pointCount: Int, title: String, invitation: UInt32, from host: Runner, within: TimeInterval,
        settings: CourseFetchSettings = CourseFetchSettings()
    ) async throws(CourseFetchError) -> Course {
        guard store.withState({ $0.beginCourseFetch(host: host.id, invitation: invitation, digest: terms.digest, pointCount: pointCount) }) else {
            throw .notPaired(host: host.name)
        }
        defer { store.withState { $0.endCourseFetch(host: host.id, invitation: invitation) } }
        let count = CourseChunk.count(forPoints: pointCount)
        let budget = CourseFetchSettings.requestBudget(chunkCount: count)
        let start = Date()
        var asked: [Int: (at: Date, times: Int)] = [:]
        var requests = 0
        var timer = RetransmissionTimer(minimum: settings.retryAfter)
        var stillMissing = Set(0..<count)
        var lastBackoff: Date?
        while true {
            let now = Date()
            guard let (missing, points) = store.withState({ $0.courseFetch(host: host.id, invitation: invitation) }) else {
                throw .notPaired(host: host.name)
            }
            // Round trips of the chunks asked for once that came since the last look.
            if missing.count < stillMissing.count {
                let arrived = stillMissing.subtracting(missing)
                for index in arrived { if let ask = asked[index], ask.times == 1 { timer.measured(now.timeIntervalSince(ask.at)) } }
                stillMissing.subtract(arrived)
            }
            if let points {
                let digest = CourseFile.digest(ofFixed: points)
                guard digest == terms.digest else { throw .digestMismatch(host: host.name, expected: terms.digest, actual: digest) }
                do { return try Course(name: title, points: CoursePoints.coordinates(points)) } catch {
                    throw .badCourse(host: host.name, error)
                }
            }
            let received = count - missing.count
            guard now.timeIntervalSince(start) < within else {
                throw .timedOut(host: host.name, received: received, of: count, seconds: within)
            }
            // In flight: asked less than the retransmission timeout ago (`RetransmissionTimer`: at least
            // `retryAfter`, longer for a host that answers slowly); the rest of the window goes to the
            // lowest missing.
            let timeout = timer.timeout
            let inFlight = missing.filter { asked[$0].map { now.timeIntervalSince($0.at) < timeout } ?? false }.count
            let due = missing.filter { asked[$0].map { now.timeIntervalSince($0.at) >= timeout } ?? true }
                .prefix(max(0, settings.window - inFlight))
            if !due.isEmpty {
                guard requests + due.count <= budget else {
                    throw .tooManyRequests(host: host.name, received: received, of: count, requests: requests)
                }
                requests += due.count
                // Asking again: the host is slower than we thought (once per timeout, not per chunk).
                if due.contains(where: { asked[$0] != nil }), lastBackoff.map({ now.timeIntervalSince($0) >= timeout }) ?? true {
                    timer.timedOut()
                    lastBackoff = now
                }
                for index in due { asked[index] = (now, (asked[index]?.times ?? 0) + 1) }
                await send(store.withState { $0.courseRequests(host: host.id, invitation: invitation, indices: Array(due)) })
            }
            try? await Task.sleep(nanoseconds: UInt64(settings.poll * 1_000_000_000))
            if Task.isCancelled { throw .timedOut(host: host.name, received: received, of: count, seconds: Date().timeIntervalSince(start)) }
        }
    }
}
