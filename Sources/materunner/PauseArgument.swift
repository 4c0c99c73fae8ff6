import ArgumentParser
import Data

/// `--pause EVERY:SECONDS`: the simulated runner stands still for SECONDS after every EVERY seconds.
struct PauseArgument: ExpressibleByArgument, Equatable {
    /// The simulator's pause plan.
    let pause: SimulatedLocationRepository.Profile.Pause

    init?(argument: String) {
        let parts = argument.split(separator: ":")
        guard parts.count == 2, let every = Double(parts[0]), let duration = Double(parts[1]),
              every.isFinite, duration.isFinite, every > 0, duration > 0
        else { return nil }
        pause = .init(every: every, duration: duration)
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
