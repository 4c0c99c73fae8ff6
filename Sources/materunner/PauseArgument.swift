import ArgumentParser
import Data

/// `--pause EVERY:SECONDS`: the simulated runner stands still for SECONDS after every EVERY seconds.
struct PauseArgument: ExpressibleByArgument, Equatable {
    /// The simulator's pause plan.
    let pause: SimulatedLocationRepository.Profile.Pause

    init?(argument: String) {
        guard let pause = SimulatedLocationRepository.Profile.Pause(parsing: argument) else { return nil }
        self.pause = pause
    }

    static var defaultCompletionKind: CompletionKind { .default }
}
