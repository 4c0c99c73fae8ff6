import Domain
import Foundation

/// Why the record store could not be used: what happened, where, and what to do.
public enum RecordStoreError: Error, Equatable, CustomStringConvertible {
    /// The data directory could not be created or written.
    case directoryNotWritable(path: String, reason: String)
    /// The database is read-only (a read-only directory, file or file system).
    case readOnly(path: String)
    /// The disk (or quota) is full.
    case diskFull(path: String)
    /// The database file is damaged or is not a MateRunner database.
    case corrupt(path: String, reason: String)
    /// A number of a run that no run can have (not finite, negative, or far out of range): the run is
    /// refused rather than shown wrong or trapped on.
    case invalidValue(path: String, runID: String, column: String, value: String, expected: String)
    /// Any other SQLite failure.
    case failed(path: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case let .directoryNotWritable(path, reason):
            "cannot create the records directory \(path) (\(reason)): make it writable, or give another with --data-dir DIR"
        case .readOnly(let path):
            "the records database \(path) is read-only: make the file and its directory writable, or give another directory with --data-dir DIR"
        case .diskFull(let path):
            "the disk holding the records database \(path) is full: free some space, or give a directory on another disk with --data-dir DIR"
        case let .corrupt(path, reason):
            "the records database \(path) cannot be read (\(reason)): move it away to start a new one, or give another directory with --data-dir DIR"
        case let .invalidValue(path, runID, column, value, expected):
            "the records database \(path) holds an impossible value in run \(runID): \(column) = \(value) (expected \(expected)); "
                + "delete that run (sqlite3 \(path) \"DELETE FROM run WHERE id = '\(runID)'\"), or move the file away to start a new one"
        case let .failed(path, reason):
            "the records database \(path) failed: \(reason)"
        }
    }
}

extension RecordStoreError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .directoryNotWritable, .readOnly: .cannotCreate
        case .diskFull, .failed: .ioError
        case .corrupt, .invalidValue: .badData
        }
    }
}
