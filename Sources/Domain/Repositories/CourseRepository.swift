import Foundation

/// The courses of invited races (docs/COURSES.md, "Agreement"). A host serves its own course to the
/// invitees that lack it. A joiner gets the course it did not bring (`run --join` without `--course`,
/// or with another file): kept on this device from an earlier fetch, or fetched from the race's host.
/// The course returned is the one the digest names: an implementation checks it before returning it,
/// and never returns another.
public protocol CourseRepository: Sendable {
    /// A host: serves `course` (its points, named by their digest) to the invitees of its invitations
    /// that name it, so that one without it can fetch it.
    func serveCourse(_ course: Course)
    /// The course with `digest` kept on this device, named `title` (nil: the name it was kept under);
    /// nil when none is kept (or the kept file is damaged: it is then removed).
    func keptCourse(digest: String, title: String?) -> Course?
    /// Fetches the course `terms` names (`listing` says how many points) from `host`, whose invitation
    /// `invitation` this runner accepted, within `within` seconds; checks its digest and keeps it.
    /// Throws an error saying what happened and what to do (pass `--course FILE`).
    func fetchCourse(
        _ terms: CourseTerms, listing: CourseListing, invitation: UInt32, from host: Runner, within: TimeInterval
    ) async throws -> Course
}
