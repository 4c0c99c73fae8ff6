import Application
import Data
import Foundation
import Logging

/// `--data-dir`: where run records, identity, known mates and fetched courses live.
public struct DataDirOptions: Sendable, Equatable {
    /// `--data-dir`; nil: `$XDG_DATA_HOME/materunner`, or `~/.local/share/materunner`.
    public var path: String?

    /// Options.
    public init(path: String? = nil) {
        self.path = path
    }

    /// The resolved directory.
    public var directory: URL { DataDirectory.resolve(override: path) }

    /// Opens the record store, logging what it found about permissions; a directory or file that cannot
    /// be used is a `FlowError` (cannot create) saying what to do.
    public func openStore(logger: Logger) throws -> SQLiteRunRecordStore {
        do {
            let store = try SQLiteRunRecordStore(directory: directory)
            for warning in store.permissionWarnings { logger.warning("\(warning)") }
            return store
        } catch {
            throw FlowError(error, otherwise: .cannotCreate)
        }
    }
}
