import Application
import ArgumentParser
import Data
import Foundation
import Logging

/// `--data-dir`: where the run records live, shared by `run`, `demo`, `records` and `export`.
struct DataDirOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Where run records are kept (default: $XDG_DATA_HOME/materunner, or ~/.local/share/materunner).",
        valueName: "DIR"
    ))
    var dataDir: String?

    /// The resolved directory.
    var directory: URL { DataDirectory.resolve(override: dataDir) }

    /// Opens the store, logging what it found about permissions; a directory or file that cannot be
    /// used is a runtime error saying what to do.
    func openStore(logger: Logger) throws -> SQLiteRunRecordStore {
        do {
            let store = try SQLiteRunRecordStore(directory: directory)
            for warning in store.permissionWarnings { logger.warning("\(warning)") }
            return store
        } catch {
            throw FlowError(error, otherwise: .cannotCreate)
        }
    }
}
