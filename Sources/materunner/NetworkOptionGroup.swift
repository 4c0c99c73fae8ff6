import ArgumentParser
import Composition

/// `--peer` and `--port`: where the race is heard and whom it goes to, shared by `run` and `watch`.
struct NetworkOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("A mate to race (or, watching, a runner to follow), skipping discovery; repeat for several.", valueName: "HOST:PORT"))
    var peer: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The UDP port to listen on (0: any free port; default: 47474 for run, any free port for watch).", valueName: "N"))
    var port: Int?

    var values: NetworkOptions { NetworkOptions(peers: peer, port: port) }

    func validate() throws { try checked(values.check) }
}
