import Application
import ArgumentParser
import Domain
import Foundation

/// `materunner demo`: two simulated runners race on this machine over real UDP on loopback.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch two simulated runners race each other over UDP on loopback.",
        discussion: "Alice and Bob each get their own UDP socket on 127.0.0.1 and their own copy of the race; you see Alice's, and her run is recorded (see `materunner records`)."
    )

    @Option(parsing: .unconditional, help: ArgumentHelp("The goal distance in kilometres.", valueName: "KM"))
    var goal: Double = 1

    @Option(parsing: .unconditional, help: ArgumentHelp("Race clock speed-up over real time.", valueName: "X"))
    var speedup: Double = 20

    @OptionGroup var frontEnds: FrontEndOptionGroup

    @OptionGroup var data: DataDirOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup

    @Option(help: "Seed of the simulated runners.")
    var seed: UInt64 = 2026

    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    func validate() throws {
        do { _ = try RaceGoal(kilometres: goal) } catch { throw ValidationError("--goal: \(error)") }
        do { try RunOptions.check(speedup: speedup) } catch { throw ValidationError(error.description) }
    }

    func run() async throws {
        try await CommandRunner.perform(logging) { logger in
            let container = AppContainer(speedup: speedup, logger: logger)
            let (screen, store) = (try container.makeScreen(frontEnds), try data.openStore(logger: logger))
            let terms = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: goal))
            let flow = try await container.makeDemoFlow(terms: terms, seed: seed, key: try raceKey.load(logger: logger), screen: screen, store: store)
            if try await !flow.run().isSuccess { throw ExitCode(1) }
        }
    }
}
