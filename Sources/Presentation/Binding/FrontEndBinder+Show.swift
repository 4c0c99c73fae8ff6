import AsyncAlgorithms
import Domain
import FrontEndKit

// MARK: Outputs to frames

extension FrontEndBinder {
    /// Shows the lobby: invitations, notices and the countdown. Returns the agreed start once the
    /// countdown is over, or throws why there is no run (after showing every notice before it). The
    /// lobby's later notices are shown in the background until the run's `show` ends, or `shutdown`.
    public func show(_ output: LobbyViewModel.Output) async throws -> RaceStart {
        enum Event: Sendable {
            case invitation(FrontEndInvitation)
            case notice(Notice)
            case waiting(JoinerWaitLine?)
        }
        let countdown = Task {
            for await countdown in output.countdown { delivery.deliver(.countdown(countdown, time: stamp())) }
        }
        let events = Task {
            var waitLineShown = false
            for await event in merge(
                output.invitation.map { Event.invitation($0) }, output.notice.map { Event.notice($0) },
                output.waiting.map { Event.waiting($0) }
            ) {
                switch event {
                case .invitation(let invitation): delivery.deliver(.invitation(invitation, time: stamp()))
                case .notice(let notice): delivery.deliver(.notice(notice, time: stamp()))
                case .waiting(let line):
                    waitLineShown = line != nil
                    delivery.deliver(.waiting(line, time: stamp()))
                }
            }
            // A wait line still up when the lobby ends goes with it.
            if waitLineShown { delivery.deliver(.waiting(nil, time: stamp())) }
        }
        lobbyRemainder.withLock { $0 }?.cancel()
        lobbyRemainder.withLock { $0 = events }
        do {
            var started = output.started.makeAsyncIterator()
            guard let start = try await started.next() else { throw Task.isCancelled ? CancellationError() : LobbyViewModel.NoRunAgreed() }
            await countdown.value
            return start
        } catch {
            countdown.cancel()
            // Every notice up to the failure is shown (the lobby's outputs end with it), unless we are cancelled.
            if Task.isCancelled { events.cancel() }
            await events.value
            throw error
        }
    }

    /// Shows a run: its course and opening notices first, then a status frame for each status taken (a
    /// slow front-end gets the latest, never a queue of old ones), cheers and notices as they come, the
    /// `clock` frames of `worldClock` if given, and the result last, with nothing after it. Ends the
    /// lobby's remaining notices. Returns false when an error notice was shown.
    public func show(_ output: RunningViewModel.Output, worldClock: WorldClockViewModel.Output? = nil) async -> Bool {
        enum Ended: Sendable {
            case quietly, failed, result(RunningResult)
        }
        if let course = output.course { delivery.deliver(.course(course, time: stamp())) }
        for notice in output.openingNotices { delivery.deliver(.notice(notice, time: stamp())) }
        let clockFrames = worldClock.map { worldClock in
            Task {
                for await clock in worldClock.board where !Task.isCancelled { delivery.deliver(.clock(clock, time: stamp())) }
            }
        }
        let (failed, result) = await withTaskGroup(of: Ended.self) { group in
            group.addTask {
                // One status at a time, at most one per `statusInterval`: the next is taken once this one
                // is delivered and the interval is over, and it is the newest then (the status is
                // newest-only, so the ones in between are skipped, never queued).
                // A change after the interval is shown at once; only one within it waits (a timer).
                let clock = ContinuousClock()
                var notBefore: ContinuousClock.Instant?
                while let status = await output.status.next(notBefore: notBefore) {
                    self.delivery.deliver(.status(status, time: self.stamp()))
                    let interval = self.statusInterval
                    notBefore = interval > .zero ? clock.now.advanced(by: interval) : nil
                }
                return .quietly
            }
            group.addTask {
                for await cheer in output.cheer { self.delivery.deliver(.cheer(cheer, time: self.stamp())) }
                return .quietly
            }
            group.addTask {
                var failed = false
                for await notice in output.notice {
                    if notice.level == .error { failed = true }
                    self.delivery.deliver(.notice(notice, time: self.stamp()))
                }
                return failed ? .failed : .quietly
            }
            group.addTask {
                var last: RunningResult?
                for await result in output.result { last = result }
                return last.map { .result($0) } ?? .quietly
            }
            var failed = false
            var result: RunningResult?
            for await ended in group {
                switch ended {
                case .quietly: break
                case .failed: failed = true
                case .result(let final): result = final
                }
            }
            return (failed, result)
        }
        clockFrames?.cancel()
        await clockFrames?.value
        if let result { delivery.deliver(.result(result, time: stamp())) }
        lobbyRemainder.withLock { $0 }?.cancel()
        return !failed
    }

    /// Shows the world clock: a `clock` frame per board and a notice per message, in order, until
    /// the outputs end or `limit` clock frames were shown (the view model then stops). Returns false
    /// when an error notice was shown.
    public func show(_ output: WorldClockViewModel.Output, limit: Int?) async -> Bool {
        enum Event: Sendable {
            case board(FrontEndClock)
            case notice(Notice)
        }
        var shown = 0
        var failed = false
        for await event in merge(output.board.map { Event.board($0) }, output.notice.map { Event.notice($0) }) {
            switch event {
            case .board(let clock):
                delivery.deliver(.clock(clock, time: stamp()))
                shown += 1
            case .notice(let notice):
                if notice.level == .error { failed = true }
                delivery.deliver(.notice(notice, time: stamp()))
            }
            if let limit, shown >= limit { break }
        }
        return !failed
    }

    /// Shows the course agreement's notices as they come (before and after the lobby's start, before any
    /// running screen); returns when they end.
    public func show(_ output: CourseViewModel.Output) async {
        for await notice in output.notice { delivery.deliver(.notice(notice, time: stamp())) }
    }

    /// Shows the notice a run ends with (`EndingViewModel`), last, on every front-end. It is not reported
    /// as a failure: the flow throws its error on, and the command says it on standard error once.
    public func show(_ output: EndingViewModel.Output) {
        delivery.deliver(.notice(output.notice, time: stamp()), reportingNotice: false)
    }
}
