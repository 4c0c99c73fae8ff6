import Domain

/// What an invited run says while it settles on the host's course (docs/COURSES.md, "Agreement"),
/// during and after the lobby, before any running screen: the flow hands in each step as it happens,
/// the view model says it as a notice.
///
/// The notices end when the steps do (the course is settled, or the run ended first).
public final class CourseViewModel: ViewModelType, Sendable {
    /// Nothing: the steps carry all the view model says.
    public typealias Dependency = Void

    /// A step of the agreement on the course.
    public enum Step: Sendable, Equatable {
        /// A joiner begins fetching the host's course `course` (its file name) of `points` points.
        case fetching(course: String, points: Int, host: String)
        /// The joiner's `--course` is not the host's: the host's is raced.
        case notHostsCourse(mine: CourseTerms, host: String, hosts: CourseTerms)
        /// The host's course, found on this device from an earlier fetch, under its `title`.
        case kept(course: String, title: String)
        /// The host's course fetched, `points` points, its digest checked.
        case fetched(course: String, title: String, points: Int, host: String)
    }

    /// Events from the flow.
    public struct Input: Sendable {
        /// Each step as it happens; ends once the course is settled.
        public var steps: AsyncStream<Step>

        /// The flow's steps.
        public init(steps: AsyncStream<Step>) {
            self.steps = steps
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable {
        /// A notice per step, in order.
        public var notice: AsyncStream<Notice>

        /// Outputs made of this stream (a view model's, or a test's).
        public init(notice: AsyncStream<Notice>) {
            self.notice = notice
        }
    }

    /// The view model.
    public init() {}

    public func transform(input: Input) -> Output {
        let notice = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .unbounded)
        let task = Task {
            for await step in input.steps { notice.continuation.yield(Self.notice(step)) }
            notice.continuation.finish()
        }
        notice.continuation.onTermination = { if case .cancelled = $0 { task.cancel() } }
        return Output(notice: notice.stream)
    }

    /// The words of `step`: fetching, kept and fetched are information, another course a warning.
    static func notice(_ step: Step) -> Notice {
        switch step {
        case let .fetching(course, points, host):
            Notice(level: .info, message: "fetching the course \(course) (\(points) points) from \(host)")
        case let .notHostsCourse(mine, host, hosts):
            Notice(level: .warning, message: "your --course \(mine.name) (course \(mine.digest)) is not "
                + "\(host)'s course \(hosts.name) (course \(hosts.digest)): racing on \(host)'s")
        case let .kept(course, title):
            Notice(level: .info, message: "course \(course) (\(title)) kept on this device from an earlier fetch")
        case let .fetched(course, title, points, host):
            Notice(level: .info, message: "course \(course) (\(title)) fetched from \(host): \(points) points, "
                + "digest checked")
        }
    }
}
