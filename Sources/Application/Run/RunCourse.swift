import Domain
import Foundation
import Presentation
import Synchronization

/// The course an invited run is raced on (docs/COURSES.md, "Agreement"): the host's, named by its
/// invitation. A host races its own `--course` and serves it to its invitees; a joiner uses its own
/// `--course` when it is the same course (same digest), else the copy kept on this device from an
/// earlier fetch, else fetches it from the host; a restarted runner finds it on this device, never
/// needing the host. The request's role decides which: only a joiner looks for kept courses or fetches.
/// Each step is handed to a `CourseViewModel`, whose notices the binder draws.
struct RunCourse: Sendable {
    /// How long a joiner may take to fetch the host's course, in real seconds.
    static let fetchTimeout: TimeInterval = 20

    let request: RunRequest
    let dependencies: RunDependencies
    /// The steps of the agreement, in; the course view model says them and the binder draws its notices.
    private let steps: AsyncStream<CourseViewModel.Step>.Continuation
    /// Over once every step handed in is drawn (after the steps end).
    private let drawn: Task<Void, Never>
    /// The fetch begun as the lobby agreed on the start (during the countdown), by digest.
    private let prefetch = Prefetch()

    /// A fetch under way, shared between the lobby's start and the run.
    final class Prefetch: Sendable {
        let task = Mutex<(digest: String, task: Task<Course, any Error>)?>(nil)
    }

    /// The course of `request`, fetched as `dependencies` fetch, its agreement said on `binder`.
    init(request: RunRequest, dependencies: RunDependencies, binder: FrontEndBinder) {
        self.request = request
        self.dependencies = dependencies
        let steps = AsyncStream.makeStream(of: CourseViewModel.Step.self, bufferingPolicy: .unbounded)
        let output = CourseViewModel().transform(input: .init(steps: steps.stream))
        self.steps = steps.continuation
        drawn = Task { await binder.show(output) }
    }

    /// Where a joiner finds the host's course (kept, or fetched); nil for a host or an open run, which
    /// race their own `--course` only.
    private var library: (any CourseRepository)? {
        guard case .joiner = request.role else { return nil }
        return dependencies.courses
    }

    /// An inviting host with a `--course` serves it to its invitees, so that those without it can fetch
    /// it; any other run serves nothing.
    func serveHostsCourse() {
        guard case .host = request.role, let course = request.course?.course else { return }
        dependencies.courses?.serveCourse(course)
    }

    /// The lobby agreed on `start`: a joiner that will need the host's course (neither its own file nor
    /// a kept copy has it) begins fetching it now, so the countdown hides the fetch.
    func prefetch(for start: RaceStart) {
        guard case .joiner = request.role, let hosts = start.terms.course, let listing = start.course,
              request.terms.course?.digest != hosts.digest, let courses = library,
              courses.keptCourse(digest: hosts.digest, title: listing.title) == nil
        else { return }
        steps.yield(.fetching(course: hosts.name, points: listing.pointCount, host: start.host.name))
        let task = Task {
            try await courses.fetchCourse(hosts, listing: listing, invitation: start.invitation, from: start.host, within: Self.fetchTimeout)
        }
        prefetch.task.withLock { $0 = (hosts.digest, task) }
    }

    /// Stops a fetch still under way (the run ended before it needed the course), and ends the steps.
    func cancel() {
        prefetch.task.withLock { $0?.task.cancel() }
        steps.finish()
    }

    /// The course of the run agreed as `terms` (the host's terms, or those kept for a restart) from
    /// `host`'s invitation `invitation` (nil: a restart, where nobody is asked); `terms.course` becomes the
    /// host's course terms. Nil when the run has no course. Every step said is drawn when it returns or throws.
    func agreed(_ terms: inout RaceTerms, listing: CourseListing?, invitation: UInt32, host: Runner?) async throws -> LappedCourse? {
        do {
            let course = try await settle(&terms, listing: listing, invitation: invitation, host: host)
            await stepsDrawn()
            return course
        } catch {
            await stepsDrawn()
            throw error
        }
    }

    /// Ends the steps (the course is settled) and waits until the binder drew them all.
    private func stepsDrawn() async {
        steps.finish()
        await drawn.value
    }

    private func settle(
        _ terms: inout RaceTerms, listing: CourseListing?, invitation: UInt32, host: Runner?
    ) async throws -> LappedCourse? {
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
            steps.yield(.notHostsCourse(mine: mine, host: hostName, hosts: hosts))
        }
        // A fetch begun during the countdown is this one (it found nothing kept then).
        let begun = prefetch.task.withLock { $0?.digest == hosts.digest ? $0?.task : nil }
        if begun == nil, let kept = library?.keptCourse(digest: hosts.digest, title: listing?.title) {
            steps.yield(.kept(course: hosts.name, title: kept.name))
            return kept
        }
        let title = listing?.title ?? hosts.name
        guard let host, let courses = library, let listing else {
            throw FlowError(.noInput, "the course of this race, \(hosts), is not on this device: pass --course FILE (the host's course file)")
        }
        if begun == nil {
            steps.yield(.fetching(course: hosts.name, points: listing.pointCount, host: host.name))
        }
        let course: Course
        do {
            if let begun {
                course = try await begun.value
            } else {
                course = try await courses.fetchCourse(hosts, listing: listing, invitation: invitation, from: host, within: Self.fetchTimeout)
            }
        } catch {
            throw FlowError(.noResult, "\(error)")
        }
        steps.yield(.fetched(course: hosts.name, title: title, points: course.points.count, host: host.name))
        dependencies.environment.logger.info("course \(hosts) fetched from \(host.name): \(course.points.count) points")
        return course
    }
}
