import Data
import Domain
import Foundation
import FrontEndKit
import Presentation
import Synchronization

// MARK: The agreed race clock in `run`

extension AppContainer {
    /// From now on the race clock follows the host's clock as `sync` estimates it (docs/PROTOCOL.md,
    /// "Race clock"): fixes, the session and every frame are stamped on it.
    func followRaceClock(of sync: UDPRaceSyncRepository, me: RunnerID) {
        clock.follow(AgreedRaceClock.Source(
            estimate: { sync.clockEstimate },
            isHostWithMates: { sync.clockHost(me: me) == me && sync.hasHeardClockMate }
        ))
    }

    /// The world clock on the agreed race clock, one reading per real second, for `run --clock-zones`.
    func makeAgreedWorldClockViewModel(zones: [TimeZone]) -> WorldClockViewModel {
        let service = WorldClockService(repository: AgreedRaceClockRepository(clock: clock))
        return WorldClockViewModel(dependency: .init(service: service, zones: zones, clock: clock, tick: clock.speedup))
    }

    /// `frames` with the world clock's `clock` frames for `zones` merged in (unchanged when `zones` is
    /// nil). It ends when `frames` does, and nothing follows a `result` frame.
    func alongsideWorldClock(_ frames: AsyncStream<FrontEndFrame>, zones: [TimeZone]?) -> AsyncStream<FrontEndFrame> {
        guard let zones else { return frames }
        let (stream, continuation) = AsyncStream.makeStream(of: FrontEndFrame.self, bufferingPolicy: .unbounded)
        let closed = Mutex(false)
        let send: @Sendable (FrontEndFrame, _ last: Bool) -> Void = { frame, last in
            closed.withLock { closed in
                guard !closed else { return }
                continuation.yield(frame)
                if last { closed = true }
            }
        }
        // The view's inputs stay open (no day keys inside `run`) until the run ends.
        let inputs = (0..<3).map { _ in AsyncStream.makeStream(of: Void.self) }
        let (loaded, loadedContinuation) = AsyncStream.makeStream(of: Void.self)
        loadedContinuation.yield()
        loadedContinuation.finish()
        let output = makeAgreedWorldClockViewModel(zones: zones).transform(input: .init(
            viewDidLoad: loaded, nowRequested: inputs[0].stream,
            previousDayRequested: inputs[1].stream, nextDayRequested: inputs[2].stream
        ))
        let clockFrames = WorldClockFrames.frames(from: output, clock: clock)
        let clockTask = Task {
            for await frame in clockFrames where frame.type == .clock { send(frame, false) }
        }
        let runTask = Task {
            for await frame in frames { send(frame, frame.type == .result) }
            closed.withLock { $0 = true }
            clockTask.cancel()
            inputs.forEach { $0.continuation.finish() }
            continuation.finish()
        }
        continuation.onTermination = { _ in
            runTask.cancel()
            clockTask.cancel()
        }
        return stream
    }
}
