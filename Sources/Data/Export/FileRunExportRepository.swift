import Domain
import Foundation

/// Writes exports to the file system, each file atomically (a failed write leaves no half file); the
/// route as `GPXWriter` renders it.
public struct FileRunExportRepository: RunExportRepository {
    /// A repository writing where it is told.
    public init() {}

    public func writeRoute(of record: RunRecord, to path: String) throws(RunExportError) {
        try write(document: GPXWriter.document(for: record), to: path)
    }

    public func write(document: String, to path: String) throws(RunExportError) {
        do {
            try Data(document.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw .cannotWrite(path: path, reason: (error as NSError).localizedDescription)
        }
    }
}
