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
        // The exchange and the countdown return true: both over, the view's inputs are no longer read.
        await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await follow(lobby.events(), clock: dependency.clock, outputs: outputs, agreed: agreed.continuation)
                return true
            }
            group.addTask {
                for await start in agreed.stream {
                    await countDown(to: start, clock: dependency.clock, outputs: outputs)
                    break
                }
                return true
            }
            group.addTask {
                for await id in input.accepted { await answer(id, accept: true, lobby: lobby, outputs: outputs) }
                return false
            }
            group.addTask {
                for await id in input.declined { await answer(id, accept: false, lobby: lobby, outputs: outputs) }
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
        _ events: AsyncThrowingStream<LobbyEvent, any Error>, clock: any RaceClock, outputs: Continuations,
        agreed: AsyncStream<RaceStart>.Continuation
    ) async {
        defer { agreed.finish() }
        var start: RaceStart?
        do {
            for try await event in events {
                show(event, now: clock.now, outputs: outputs)
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

    private static func answer(_ id: UInt32, accept: Bool, lobby: any LobbyUseCase, outputs: Continuations) async {
        do {
            try await lobby.answer(id, accept: accept)
        } catch {
            outputs.say("answer to invitation \(id) refused: \(error)")
        }
    }
}
