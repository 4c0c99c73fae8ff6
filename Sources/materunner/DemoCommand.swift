import Application
import ArgumentParser
import Composition

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

    /// What the options say, as the demo launch's `DemoOptions`.
    var options: DemoOptions {
        DemoOptions(goalKilometres: goal, speedup: speedup, seed: seed)
    }

    func validate() throws { try checked(options.check) }

    func run() async throws {
        try CommandRunner.end(with: await Commands.demo(
            options, frontEnds: frontEnds.values, data: data.values, raceKey: raceKey.values, logging: logging.values
        ))
    }
}
