import Domain
import Foundation

/// What `--ghost` names: the run a ghost replays.
public enum GhostSource: Sendable, Equatable {
    /// A recorded run: its id or any unique start of it.
    case record(String)
    /// A timed GPX track (`gpx:FILE`).
    case gpx(path: String)

    /// Reads `ID` (hex digits and dashes) or `gpx:FILE`; nil for anything else.
    public init?(parsing argument: String) {
        if argument.hasPrefix("gpx:") {
            let path = String(argument.dropFirst(4))
            guard !path.isEmpty else { return nil }
            self = .gpx(path: path)
        } else {
            let id = argument.trimmingCharacters(in: .whitespaces)
            guard !id.isEmpty, id.allSatisfy({ $0.isHexDigit || $0 == "-" }) else { return nil }
            self = .record(id)
        }
    }
}

/// A track read from a file for a ghost: its points (timed or not) and the name the file gives it.
public struct GhostTrackFile: Sendable {
    public var points: [(coordinate: Coordinate, time: Date?)]
    public var name: String?

    public init(points: [(coordinate: Coordinate, time: Date?)], name: String?) {
        self.points = points
        self.name = name
    }
}

extension GhostLoader {
    /// The ghost `source` names: a recorded run found through `lookup`, or a GPX file read by `readTrack`
    /// (named by the file when its track has no name). A file that does not exist is a missing input
    /// (66); one `readTrack` cannot read, and everything else about the run, a usage error (64).
    public func ghost(
        from source: GhostSource, lookup: RecordLookup, readTrack: (URL) throws -> GhostTrackFile
    ) throws(FlowError) -> GhostTrack {
        switch source {
        case .record(let id):
            return try ghost(ofRecord: id, lookup: lookup)
        case .gpx(let path):
            let url = URL(fileURLWithPath: path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FlowError(.noInput, "--ghost gpx:\(path): no such file")
            }
            let file: GhostTrackFile
            do { file = try readTrack(url) } catch { throw FlowError(error, otherwise: .usage) }
            return try ghost(ofTrack: file.points, name: file.name ?? url.deletingPathExtension().lastPathComponent, file: path)
        }
    }
}
