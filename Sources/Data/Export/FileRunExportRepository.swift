import Domain
import Foundation

/// Writes exports to the file system, each file atomically (a failed write leaves no half file), or
/// to standard output for the path `-`; the route as `GPXWriter` renders it.
public struct FileRunExportRepository: RunExportRepository {
    /// A repository writing where it is told.
    public init() {}

    public func writeRoute(of record: RunRecord, to path: String) throws(RunExportError) {
        try write(document: GPXWriter.document(for: record), to: path)
    }

    public func write(document: String, to path: String) throws(RunExportError) {
        if path == Self.standardOutput {
            do {
                try FileHandle.standardOutput.write(contentsOf: Data(document.utf8))
            } catch {
                throw .cannotWrite(path: "standard output", reason: (error as NSError).localizedDescription)
            }
            return
        }
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
