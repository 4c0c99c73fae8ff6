import Application
import ArgumentParser
import Domain

/// `--peer` and `--port`: where the race is heard and whom it goes to, shared by `run` and `watch`.
struct NetworkOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp("A mate to race (or, watching, a runner to follow), skipping discovery; repeat for several.", valueName: "HOST:PORT"))
    var peer: [String] = []

    @Option(parsing: .unconditional, help: ArgumentHelp("The UDP port to listen on (0: any free port; default: 47474 for run, any free port for watch).", valueName: "N"))
    var port: Int?

    func validate() throws {
        for text in peer {
            do { _ = try PeerAddress(parsing: text) } catch { throw ValidationError("\(error)") }
        }
        if let port, !(0...65535).contains(port) { throw ValidationError("--port \(port) is not between 0 and 65535") }
    }
}
