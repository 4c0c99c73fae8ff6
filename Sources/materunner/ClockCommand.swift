import Application
import ArgumentParser
import Composition
import Foundation
import Presentation

/// `materunner clock`: the world clock on its own.
struct ClockCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "Show the race clock's time in several time zones, with previous / next day keys.",
        discussion: """
            The time comes from the race clock (this machine's clock when no race clock was agreed: offset 0, \
            uncertainty unknown). On a terminal the clock front-end ticks until q or Ctrl-C, and y / n / t show the \
            previous day, now, and the next day; elsewhere it shows --count readings (default 1) and exits.
            """
    )

    @Option(help: ArgumentHelp(
        "IANA time zones, comma-separated (default: yours, from TZ or the system, then \(TimeZoneList.standard)).",
        valueName: "LIST"
    ))
    var zones: String = TimeZoneList.standard(environment: ProcessInfo.processInfo.environment)

    @OptionGroup var frontEnds: FrontEndOptionGroup

    @Option(parsing: .unconditional, help: ArgumentHelp("How many readings to show before exiting (default: until q on a terminal, else 1).", valueName: "N"))
    var count: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("Seconds between readings.", valueName: "SECONDS"))
    var tick: Double = 1

    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    func validate() throws {
        try checked { () throws(RunOptionsError) in try WorldClockFlow.check(zones: zones, count: count, tick: tick) }
    }

    func run() async throws {
        try CommandRunner.end(with: await Commands.clock(
            zones: zones, count: count, tick: tick, frontEnds: frontEnds.values, logging: logging.values
        ))
    }
}
