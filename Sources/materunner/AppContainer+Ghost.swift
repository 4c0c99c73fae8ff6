import Application
import Data
import Domain
import Foundation

extension AppContainer {
    /// The ghost `--ghost` names, replayed as this race measures its runners (`GhostLoader`). A GPX file
    /// that cannot be read is a missing input (66) or a usage error; everything else about the run a usage error.
    func makeGhost(
        _ argument: GhostArgument, store: any RunRecordRepository, data: DataDirOptionGroup, course: LappedCourse?, goal: RaceGoal
    ) throws -> GhostTrack {
        let loader = GhostLoader(course: course, goal: goal)
        let track: GhostTrack
        switch argument {
        case .record(let id):
            track = try loader.ghost(ofRecord: id, lookup: RecordLookup(records: store, storeLocation: data.directory.path))
        case .gpx(let path):
            let url = URL(fileURLWithPath: path)
            guard FileManager.default.fileExists(atPath: url.path) else {
                throw FlowError(.noInput, "--ghost gpx:\(path): no such file")
            }
            let gpx: GPXTrack
            do { gpx = try GPXTrack(contentsOf: url) } catch { throw FlowError(error, otherwise: .usage) }
            let name = gpx.name ?? url.deletingPathExtension().lastPathComponent
            track = try loader.ghost(ofTrack: gpx.pathSegments.flatMap { $0 }.map { ($0.coordinate, $0.time) }, name: name, file: path)
        }
        logger.info("ghost \(track.name): \(track.centimetres.count) samples every \(track.step) s, \(Int(track.finalDistance)) m in \(Int(track.duration)) s")
        return track
    }
}
