import Domain
import Foundation
import FrontEndKit

/// The lobby screen before an invited run, for the host and for a joiner: runs the invitation
/// exchange when the view is up, shows its events (an invitation to answer, notices), answers
/// invitations and takes the invitation back on the view's inputs, and counts down 3, 2, 1, 0 on the
/// race clock to the agreed start, which `started` then gives.
///
/// After the start the lobby's late events (answers after the start) keep coming as notices until
/// the exchange ends or the view stops reading.
public final class LobbyViewModel: ViewModelType, Sendable {
    /// What the view model is built with.
    public struct Dependency: Sendable {
        /// The exchange: the host's invitation or a joiner's wait.
        public var lobby: any LobbyUseCase
        /// The race clock the countdown runs on.
        public var clock: any RaceClock
        /// Where the times of day a person reads are told (the start's): this machine's (`TZ`).
        public var timeZone: TimeZone

        /// A lobby screen of `lobby`, counting down on `clock`, telling times of day in `timeZone`.
        public init(lobby: any LobbyUseCase, clock: any RaceClock, timeZone: TimeZone = .current) {
            self.lobby = lobby
            self.clock = clock
            self.timeZone = timeZone
        }
    }

    /// Events from the view.
    public struct Input: Sendable {
        /// The view is ready: the exchange starts.
        public var viewDidLoad: AsyncStream<Void>
        /// The person accepted the invitation with this id.
        public var accepted: AsyncStream<UInt32>
        /// The person declined the invitation with this id.
        public var declined: AsyncStream<UInt32>
        /// The person takes the invitation back (the host: the invitees are told).
        public var cancelRequested: AsyncStream<Void>

        /// The view's events.
        public init(
            viewDidLoad: AsyncStream<Void>, accepted: AsyncStream<UInt32>, declined: AsyncStream<UInt32>,
            cancelRequested: AsyncStream<Void>
        ) {
            self.viewDidLoad = viewDidLoad
            self.accepted = accepted
            self.declined = declined
            self.cancelRequested = cancelRequested
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable {
        /// An invitation for us to answer (a joiner).
        public var invitation: AsyncStream<FrontEndInvitation>
        /// The countdown to the start: 3, 2, 1 seconds left, then 0 at the start. Ends after the 0.
        public var countdown: AsyncStream<FrontEndCountdown>
        /// What the host and the joiner should know: who was invited, who answered, what started.
        public var notice: AsyncStream<Notice>
        /// The joiner's wait for an invitation, once a second while none is open (on the race clock);
        /// `nil` when the line goes: an invitation is open or accepted, the run starts, or the wait is over.
        public var waiting: AsyncStream<JoinerWaitLine?>
        /// The agreed start, once the countdown is over; or the reason there is no run
        /// (a `LobbyError`, or `LobbyViewModel.NoRunAgreed`).
        public var started: AsyncThrowingStream<RaceStart, any Error>

        /// Outputs made of these streams (a view model's, or a test's).
        public init(
            invitation: AsyncStream<FrontEndInvitation>, countdown: AsyncStream<FrontEndCountdown>,
            notice: AsyncStream<Notice>, started: AsyncThrowingStream<RaceStart, any Error>,
            waiting: AsyncStream<JoinerWaitLine?> = AsyncStream { $0.finish() }
        ) {
            self.waiting = waiting
            self.invitation = invitation
            self.countdown = countdown
            self.notice = notice
            self.started = started
        }
    }

    /// The exchange ended without agreeing on a run.
    public struct NoRunAgreed: Error, Equatable, CustomStringConvertible {
        /// A lobby that ended without a run.
        public init() {}

        public var description: String { "the lobby ended without a run" }
    }

    private let dependency: Dependency

    /// A view model built with `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    public func transform(input: Input) -> Output {
        let invitation = AsyncStream.makeStream(of: FrontEndInvitation.self, bufferingPolicy: .unbounded)
        let countdown = AsyncStream.makeStream(of: FrontEndCountdown.self, bufferingPolicy: .unbounded)
        let notice = AsyncStream.makeStream(of: Notice.self, bufferingPolicy: .unbounded)
        let waiting = AsyncStream.makeStream(of: JoinerWaitLine?.self, bufferingPolicy: .unbounded)
        let started = AsyncThrowingStream.makeStream(of: RaceStart.self, throwing: (any Error).self)
        let outputs = Continuations(
            invitation: invitation.continuation, countdown: countdown.continuation, notice: notice.continuation,
            started: started.continuation, waiting: waiting.continuation
        )
        let dependency = self.dependency
        let task = Task {
            defer { outputs.finish(throwing: NoRunAgreed()) }
            var loaded = input.viewDidLoad.makeAsyncIterator()
            guard await loaded.next() != nil else { return }
            await Self.run(input: input, dependency: dependency, outputs: outputs)
        }
        // A view that stops reading any output stops the exchange (not one that read an output to its end).
        notice.continuation.onTermination = { if case .cancelled = $0 { task.cancel() } }
        invitation.continuation.onTermination = { if case .cancelled = $0 { task.cancel() } }
        return Output(
            invitation: invitation.stream, countdown: countdown.stream, notice: notice.stream, started: started.stream,
            waiting: waiting.stream
        )
    }

    /// The five outputs' continuations.
    struct Continuations: Sendable {
        let invitation: AsyncStream<FrontEndInvitation>.Continuation
        let countdown: AsyncStream<FrontEndCountdown>.Continuation
        let notice: AsyncStream<Notice>.Continuation
        let started: AsyncThrowingStream<RaceStart, any Error>.Continuation
        let waiting: AsyncStream<JoinerWaitLine?>.Continuation

        func say(_ message: String, _ level: Notice.Level = .info) {
            notice.yield(Notice(level: level, message: message))
        }

        /// Ends every output; `started` with `error` unless it already gave the start.
        func finish(throwing error: any Error) {
            invitation.finish()
            waiting.finish()
            countdown.finish()
            notice.finish()
            started.finish(throwing: error)
        }
    }
}
