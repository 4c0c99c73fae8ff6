import ArgumentParser

/// `materunner records`: the runs recorded on this machine (list, show one, totals).
struct RecordsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "records",
        abstract: "List the recorded runs, show one, or sum them up.",
        discussion: "Every run and demo is recorded as it goes; a run stopped before its end (Ctrl-C, SIGTERM, a closed output) shows as stopped, one cut short (killed, crashed) as interrupted. Demos are listed, not counted in the totals.",
        subcommands: [List.self, Show.self, Totals.self],
        defaultSubcommand: List.self
    )
}
