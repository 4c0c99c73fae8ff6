import Domain
import Foundation
import Synchronization

/// A runner's courses in memory (`CourseRepository`): what its hosts serve, by digest, what it kept
/// from earlier fetches, and what it served as a host. A fetch of a course no host serves fails as the
/// real one does, naming the host and saying to pass `--course`.
public final class InMemoryCourseLibrary: CourseRepository {
    private struct State {
        var kept: [String: Course]
        var fetches: [(digest: String, host: String)] = []
        var serving: [Course] = []
        var lookups: [String] = []
    }

    private let served: [String: Course]
    private let state: Mutex<State>

    /// Hosts serve `served` (by digest); `kept` are on this device already.
    public init(served: [String: Course], kept: [String: Course] = [:]) {
        self.served = served
        state = Mutex(State(kept: kept))
    }

    /// The fetches asked for so far: the digest and the host's name.
    public var fetches: [(digest: String, host: String)] { state.withLock { $0.fetches } }

    /// The courses this runner served as a host, in order.
    public var serving: [Course] { state.withLock { $0.serving } }

    /// The digests looked for among the kept courses, in order.
    public var lookups: [String] { state.withLock { $0.lookups } }

    /// Whether a course with `digest` is kept.
    public func keeps(_ digest: String) -> Bool { state.withLock { $0.kept[digest] != nil } }

    public func serveCourse(_ course: Course) {
        state.withLock { $0.serving.append(course) }
    }

    public func keptCourse(digest: String, title: String?) -> Course? {
        let kept = state.withLock { state in
            state.lookups.append(digest)
            return state.kept[digest]
        }
        return kept.flatMap { kept in title.flatMap { try? Course(name: $0, points: kept.points) } ?? kept }
    }

    public func fetchCourse(
        _ terms: CourseTerms, listing: CourseListing, invitation: UInt32, from host: Runner, within: TimeInterval
    ) async throws -> Course {
        state.withLock { $0.fetches.append((terms.digest, host.name)) }
        guard let course = served[terms.digest], course.points.count == listing.pointCount else {
            throw FetchFailure(message: "could not fetch the course from \(host.name): 0 of 1 chunks came in \(Int(within)) s; pass --course FILE (the host's course file)")
        }
        let named = try Course(name: listing.title, points: course.points)
        state.withLock { $0.kept[terms.digest] = named }
        return named
    }

    /// A fetch that failed, in the words of the real one.
    public struct FetchFailure: Error, CustomStringConvertible {
        public let message: String
        public var description: String { message }
    }
}
