/// Where a recorded run is exported to: files other tools open (GPX for the route, the chart's SVG).
/// Data writes them to the file system; tests keep them in memory.
public protocol RunExportRepository: Sendable {
    /// Writes our runner's route of `record`, with its timestamps, as GPX 1.1 to `path` (`-`: standard output).
    func writeRoute(of record: RunRecord, to path: String) throws(RunExportError)
    /// Writes a finished document (such as the race chart's SVG) to `path` (`-`: standard output).
    func write(document: String, to path: String) throws(RunExportError)
}

extension RunExportRepository {
    /// The path that means standard output, `-` (as gpsbabel and gpspipe take it).
    public static var standardOutput: String { "-" }
}
