import Data
import Domain
import Foundation
import FrontEndKit
import Presentation

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

    /// The world clock's outputs on the agreed race clock for `zones`, for `run --clock-zones`; its
    /// view's inputs stay open (no day keys inside `run`) until `close`.
    func makeAgreedWorldClock(zones: [TimeZone]) -> (output: WorldClockViewModel.Output, close: @Sendable () -> Void) {
        let inputs = (0..<3).map { _ in AsyncStream.makeStream(of: Void.self) }
        let (loaded, loadedContinuation) = AsyncStream.makeStream(of: Void.self)
        loadedContinuation.yield()
        loadedContinuation.finish()
        let output = makeAgreedWorldClockViewModel(zones: zones).transform(input: .init(
            viewDidLoad: loaded, nowRequested: inputs[0].stream,
            previousDayRequested: inputs[1].stream, nextDayRequested: inputs[2].stream
        ))
        let continuations = inputs.map(\.continuation)
        return (output, { continuations.forEach { $0.finish() } })
    }
}
