import ArgumentParser
import Domain

/// `--pace`: minutes per kilometre, written `5:30` or `5.5` (`Pace.secondsPerKilometre(parsing:)`).
struct PaceArgument: ExpressibleByArgument, Sendable {
    /// Seconds per kilometre.
    let secondsPerKilometre: Double

    init(secondsPerKilometre: Double) {
        self.secondsPerKilometre = secondsPerKilometre
    }

    init?(argument: String) {
        guard let seconds = Pace.secondsPerKilometre(parsing: argument) else { return nil }
        secondsPerKilometre = seconds
    }

    var defaultValueDescription: String { Pace.text(secondsPerKilometre: secondsPerKilometre) }

    static var defaultCompletionKind: CompletionKind { .default }
}
