import ArgumentParser

/// `materunner`: run together on one network, with no server.
@main
struct MateRunnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "materunner",
        abstract: "Run together on one network, offline: mates find each other over DNS-SD and race live over UDP.",
        discussion: """
            Exit codes: 0 the run is over (or was stopped), 1 a runtime failure, 64 a usage error.
            Logs go to standard error; front-ends (text, json, clock) write to standard output, web serves a page.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, WatchCommand.self, PeersCommand.self, DemoCommand.self, RecordsCommand.self, ExportCommand.self, ClockCommand.self, MatesCommand.self,
            FrontendsCommand.self,
        ]
    )
}
