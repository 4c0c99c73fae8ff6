import ArgumentParser

/// `materunner`: run together on one network, with no server.
@main
struct MateRunnerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "materunner",
        abstract: "Run together on one network, offline: mates find each other over DNS-SD and race live over UDP.",
        discussion: """
            Exit statuses (sysexits): 0 done (a stopped run too), 1 the run ended without a result, 64 usage, \
            65 bad input data, 66 an input file missing, 69 a service unavailable (avahi-daemon, the port, the MQTT broker), \
            73 an output that cannot be created, 74 an I/O error, 77 refused by the MQTT broker (its password), 78 a bad config file or MATERUNNER_* variable. \
            Errors are one line on standard error, "materunner: error: …"; logs go to standard error too (or \
            --log-file); one front-end (text, json, clock) writes to standard output; web serves a page beside it.
            Options can be set in $XDG_CONFIG_HOME/materunner/config.toml, /etc/materunner/config.toml and \
            MATERUNNER_<OPTION> variables, with named profiles (--profile NAME): see docs/CONFIG.md.
            """,
        version: "0.1.0",
        subcommands: [
            RunCommand.self, WatchCommand.self, PeersCommand.self, DemoCommand.self, RecordsCommand.self, ExportCommand.self, ClockCommand.self, MatesCommand.self,
            FrontendsCommand.self,
        ]
    )
}
