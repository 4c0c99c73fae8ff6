import Application
import Data
import Domain
import Foundation

extension AppContainer {
    /// The ghost `--ghost` names, replayed as this race measures its runners (`GhostLoader`).
    func makeGhost(
        _ source: GhostSource, store: any RunRecordRepository, data: DataDirOptionGroup, course: LappedCourse?, goal: RaceGoal
    ) throws -> GhostTrack {
        let track = try GhostLoader(course: course, goal: goal).ghost(
            from: source, lookup: RecordLookup(records: store, storeLocation: data.directory.path)
        ) { url in
            let gpx = try GPXTrack(contentsOf: url)
            return GhostTrackFile(points: gpx.pathSegments.flatMap { $0 }.map { ($0.coordinate, $0.time) }, name: gpx.name)
        }
        logger.info("ghost \(track.name): \(track.centimetres.count) samples every \(track.step) s, \(Int(track.finalDistance)) m in \(Int(track.duration)) s")
        return track
    }
}
