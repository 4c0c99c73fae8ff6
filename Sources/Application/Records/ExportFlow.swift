import Domain
import Logging
import Presentation

/// `materunner export`: a recorded run as files other tools open, its route as GPX 1.1 and its race
/// as an SVG chart of every runner's distance over time (docs/RECORDS.md, "Exports").
public struct ExportFlow: Sendable {
    /// What the flow is built from.
    public struct Dependency: Sendable {
        /// The recorded runs.
        public var lookup: RecordLookup
        /// Where the files are written.
        public var exports: any RunExportRepository
        /// Warnings (an empty route) go here.
        public var logger: Logger

        /// The flow's dependencies.
        public init(lookup: RecordLookup, exports: any RunExportRepository, logger: Logger) {
            self.lookup = lookup
            self.exports = exports
            self.logger = logger
        }
    }

    private let dependency: Dependency

    /// A flow over `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    /// Writes the run named by `id` (or a unique start of it): its route as GPX to `gpx`, its chart
    /// as SVG to `chart`, each when given. An unknown id is a usage error; a file that cannot be
    /// written a runtime one. A run without route points still gets its (empty) GPX track, with a warning.
    public func export(id: String, gpx: String?, chart: String?) throws(FlowError) {
        let record = try dependency.lookup.record(matching: id)
        do {
            if let gpx {
                if record.route.isEmpty { dependency.logger.warning("run \(record.id) has no route points: the GPX track is empty") }
                try dependency.exports.writeRoute(of: record, to: gpx)
            }
            if let chart { try dependency.exports.write(document: ProgressChart.svg(for: record), to: chart) }
        } catch {
            throw FlowError(error, otherwise: .cannotCreate)
        }
    }
}
