import Domain
import Foundation
import FrontEndKit

// MARK: The exchange behind the outputs

extension LobbyViewModel {
    /// Runs the exchange, the countdown once it agreed on a start, and the view's answers and cancel,
    /// each in their own task, until the exchange has ended and the countdown is over.
    static func run(input: Input, dependency: Dependency, outputs: Continuations) async {
        let agreed = AsyncStream.makeStream(of: RaceStart.self)
        let lobby = dependency.lobby
        let clock = dependency.clock
        let timeZone = dependency.timeZone
        let joiner = JoinerInvitations(outputs: outputs)
        let changed = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        // The exchange and the countdown return true: both over, the view's inputs are no longer read.
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await follow(
                    lobby.events(), clock: clock, timeZone: timeZone, outputs: outputs, joiner: joiner, changed: changed.continuation,
                    agreed: agreed.continuation
                )
                return true
            }
            group.addTask {
                await tick(joiner, clock: clock, changed: changed.stream)
                return false
            }
            group.addTask {
                for await start in agreed.stream {
                    await countDown(to: start, clock: dependency.clock, outputs: outputs)
                    break
                }
                return true
            }
            group.addTask {
                for await id in input.accepted {
                    await joiner.answer(id, accept: true, lobby: lobby, now: { clock.now })
                    changed.continuation.yield()
                }
                return false
            }
            group.addTask {
                for await id in input.declined {
                    await joiner.answer(id, accept: false, lobby: lobby, now: { clock.now })
                    changed.continuation.yield()
                }
                return false
            }
            group.addTask {
                for await _ in input.cancelRequested { await lobby.cancel() }
                return false
            }
            var over = 0
            while let ended = await group.next() {
                if ended { over += 1 }
                if over == 2 { break }
            }
            group.cancelAll()
        }
    }

    /// Shows every event; hands the start to the countdown. An error or an end before the start ends
    /// `started` with it; after the start the exchange only has late answers to tell, and ends quietly.
    private static func follow(
        _ events: AsyncThrowingStream<LobbyEvent, any Error>, clock: any RaceClock, timeZone: TimeZone, outputs: Continuations,
        joiner: JoinerInvitations, changed: AsyncStream<Void>.Continuation, agreed: AsyncStream<RaceStart>.Continuation
    ) async {
        defer { agreed.finish() }
        var start: RaceStart?
        do {
            for try await event in events {
                await show(event, now: clock.now, timeZone: timeZone, outputs: outputs, joiner: joiner)
                changed.yield()
                if case .starting(let agreedStart) = event, start == nil {
                    start = agreedStart
                    agreed.yield(agreedStart)
                }
            }
            if start == nil { outputs.started.finish(throwing: NoRunAgreed()) }
        } catch {
            if start == nil { outputs.started.finish(throwing: error) }
        }
    }

    /// The countdown to `start`: 3, 2 and 1 seconds left and 0 at the start, each at its instant on
    /// `clock` (a start closer than 3 s skips the seconds already past); then the start itself.
    private static func countDown(to start: RaceStart, clock: any RaceClock, outputs: Continuations) async {
        let startsAt = DisplayFormat.timestamp(start.startsAt)
        for left in [3, 2, 1, 0] {
            let instant = start.startsAt.addingTimeInterval(-Double(left))
            if left > 0, clock.now >= instant.addingTimeInterval(1) { continue }
            do { try await clock.sleep(until: instant) } catch { return }
            outputs.countdown.yield(FrontEndCountdown(secondsLeft: left, startsAt: startsAt))
        }
        outputs.countdown.finish()
        outputs.started.yield(start)
        outputs.started.finish()
    }

    /// Says the time left of the open invitations once a second, and expires them on time; waits
    /// for a change while none is open.
    private static func tick(_ joiner: JoinerInvitations, clock: any RaceClock, changed: AsyncStream<Void>) async {
        var changes = changed.makeAsyncIterator()
        while !Task.isCancelled {
            guard let next = await joiner.nextChange(after: clock.now) else {
                guard await changes.next() != nil else { return }
                continue
            }
            do { try await clock.sleep(until: next) } catch { return }
            await joiner.tick(now: clock.now)
        }
    }
}
