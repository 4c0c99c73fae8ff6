import Application
import Data
import Domain
import Logging

/// The records, export and peers flows, built on the concrete repositories: the SQLite record store
/// in `--data-dir`, files on disk, DNS-SD discovery, and the container's race clock.
extension AppContainer {
    /// The recorded runs in `data`'s folder; a store that cannot be opened is a runtime error.
    func makeRecordLookup(data: DataDirOptions) throws -> RecordLookup {
        RecordLookup(records: try data.openStore(logger: logger), storeLocation: data.directory.path)
    }

    /// `records`: list, show, totals, written to `output`.
    func makeRecordsFlow(data: DataDirOptions, output: LineOutput = .standardOutput) throws -> RecordsFlow {
        RecordsFlow(dependency: .init(lookup: try makeRecordLookup(data: data), output: output))
    }

    /// `export`: GPX and SVG files written to disk.
    func makeExportFlow(data: DataDirOptions) throws -> ExportFlow {
        ExportFlow(dependency: .init(
            lookup: try makeRecordLookup(data: data), exports: FileRunExportRepository(), logger: logger
        ))
    }

    /// `peers`: DNS-SD discovery timed on the race clock (this machine's, as nothing is agreed here).
    func makePeersFlow(output: LineOutput = .standardOutput) -> PeersFlow {
        PeersFlow(dependency: .init(discovery: makeDiscovery(), clock: clock, output: output, logger: logger))
    }
}
