import Application
import ArgumentParser

/// `--ghost ID|gpx:FILE` as the command line reads it.
extension GhostSource: ExpressibleByArgument {
    public init?(argument: String) { self.init(parsing: argument) }
}
