import Domain
import Foundation
import Presentation

/// The course an invited run is raced on (docs/COURSES.md, "Agreement"): the host's, named by its
/// invitation. A host races its own `--course`; a joiner uses its own `--course` when it is the same
/// course (same digest), else the copy kept on this device from an earlier fetch, else fetches it from
/// the host; a restarted runner finds it on this device, never needing the host.
struct RunCourse {
    /// How long a joiner may take to fetch the host's course, in real seconds.
    static let fetchTimeout: TimeInterval = 20

    let request: RunRequest
    let dependencies: RunDependencies
    let binder: FrontEndBinder

    /// The course of the run agreed as `terms` (the host's terms, or those kept for a restart) from
    /// `host`'s invitation `invitation` (nil: a restart, where nobody is asked); `terms.course` becomes the
    /// host's course terms. Nil when the run has no course.
    func agreed(_ terms: inout RaceTerms, listing: CourseListing?, invitation: UInt32, host: Runner?) async throws -> LappedCourse? {
        guard let hosts = terms.course else {
            // The host runs no course: a joiner's own --course is refused by the session, naming both.
            terms.course = request.terms.course
            return request.course
        }
        let course = try await find(hosts, listing: listing, invitation: invitation, host: host)
        do {
            return try LappedCourse(course: course, laps: hosts.laps)
        } catch {
            throw FlowError(.badData, "the course \(hosts) of the invitation cannot be raced: \(error)")
        }
    }

    private func find(_ hosts: CourseTerms, listing: CourseListing?, invitation: UInt32, host: Runner?) async throws -> Course {
        let hostName = host?.name ?? "the host"
        if let mine = request.terms.course, let course = request.course?.course {
            if mine.digest == hosts.digest { return course }
            binder.show(Notice(level: .warning, message:
                "your --course \(mine.name) (course \(mine.digest)) is not \(hostName)'s course \(hosts.name) (course \(hosts.digest)): racing on \(hostName)'s"
            ))
        }
        if let kept = dependencies.courses?.keptCourse(digest: hosts.digest, title: listing?.title) {
            binder.show(Notice(level: .info, message: "course \(hosts.name) (\(kept.name)) kept on this device from an earlier fetch"))
            return kept
        }
        let title = listing?.title ?? hosts.name
        guard let host, let courses = dependencies.courses, let listing else {
            throw FlowError(.noInput, "the course of this race, \(hosts), is not on this device: pass --course FILE (the host's course file)")
        }
        binder.show(Notice(level: .info, message: "fetching the course \(hosts.name) (\(listing.pointCount) points) from \(host.name)"))
        let course: Course
        do {
            course = try await courses.fetchCourse(hosts, listing: listing, invitation: invitation, from: host, within: Self.fetchTimeout)
        } catch {
            throw FlowError(.noResult, "\(error)")
        }
        binder.show(Notice(level: .info, message: "course \(hosts.name) (\(title)) fetched from \(host.name): \(course.points.count) points, digest checked"))
        dependencies.environment.logger.info("course \(hosts) fetched from \(host.name): \(course.points.count) points")
        return course
    }
}
