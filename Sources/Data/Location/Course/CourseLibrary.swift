import Domain
import Foundation

/// The courses of invited races (`CourseRepository`): a host's served over the race's socket; those a
/// joiner did not bring kept in the data directory (`CourseStore`), or fetched from the race's host over
/// the race's socket and then kept.
public struct CourseLibrary: CourseRepository {
    let store: CourseStore
    let transport: UDPRaceSyncRepository

    /// Courses kept in `store`, fetched over `transport`.
    public init(store: CourseStore, transport: UDPRaceSyncRepository) {
        self.store = store
        self.transport = transport
    }

    public func serveCourse(_ course: Course) {
        // Its points are on the digest's 1e-7 degree grid (`CourseFile`): the digest is the file's.
        transport.serveCourse(CourseFile(course: course, path: course.name))
    }

    public func keptCourse(digest: String, title: String?) -> Course? {
        guard let file = store.load(digest: digest) else { return nil }
        guard let title else { return file.course }
        return (try? Course(name: title, points: file.course.points)) ?? file.course
    }

    public func fetchCourse(
        _ terms: CourseTerms, listing: CourseListing, invitation: UInt32, from host: Runner, within: TimeInterval
    ) async throws -> Course {
        let course = try await transport.fetchCourse(
            terms, pointCount: listing.pointCount, title: listing.title, invitation: invitation, from: host, within: within
        )
        // Kept for a restart of this race; a course that cannot be kept is still raced on.
        _ = try? store.save(course)
        return course
    }
}
