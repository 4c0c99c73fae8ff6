import Domain
import Foundation

/// Makes the ghost of `--ghost`: a recorded run (any unique start of its id) or a timed GPX track,
/// replayed as this race measures its runners (along the course when there is one, else by the
/// recorded distance), and checked to reach the race's goal.
public struct GhostLoader: Sendable {
    /// The race's course, if it has one.
    let course: LappedCourse?
    /// The race's goal.
    let goal: RaceGoal

    /// A loader for a race to `goal`, on `course` if there is one.
    public init(course: LappedCourse?, goal: RaceGoal) {
        self.course = course
        self.goal = goal
    }

    /// The ghost of the recorded run `id` names. On a course: its route matched to the course; without:
    /// its recorded progress. A usage error when the id names no run or several (listed), when the run
    /// has nothing to replay, or when it does not reach the goal.
    public func ghost(ofRecord id: String, lookup: RecordLookup) throws(FlowError) -> GhostTrack {
        let record = try lookup.record(matching: id)
        let label = "run \(record.id.prefix(8))"
        let track: GhostTrack
        do {
            if let course {
                guard !record.route.isEmpty else {
                    throw FlowError.usage("\(label) has no route to replay along the course: choose a run recorded with positions (`materunner records show ID` counts its route points)")
                }
                track = try GhostReplay.track(
                    of: record.route.map { Fix(coordinate: $0.coordinate, timestamp: $0.timestamp) }, name: record.runnerName, course: course
                )
            } else {
                let mine = record.mine?.runnerID
                track = try GhostReplay.track(ofSamples: record.samples.filter { $0.runnerID == mine }, name: record.runnerName)
            }
        } catch let error as FlowError {
            throw error
        } catch {
            throw Self.unusable(label, error)
        }
        return try reachingGoal(track, label)
    }

    /// The ghost of a GPX track's `points` (from `file`, named `name`): it must be timed.
    public func ghost(ofTrack points: [(coordinate: Coordinate, time: Date?)], name: String, file: String) throws(FlowError) -> GhostTrack {
        let timed = points.compactMap { point in point.time.map { Fix(coordinate: point.coordinate, timestamp: $0) } }
        guard timed.count == points.count, let first = timed.first?.timestamp, let last = timed.last?.timestamp, last.timeIntervalSince(first) >= 1 else {
            throw .usage("\(file) has no times on its points (a planned route?): a ghost replays a timed run; give a recorded track, or a run id from `materunner records`")
        }
        do {
            return try reachingGoal(GhostReplay.track(of: timed, name: name, course: course), file)
        } catch let error as FlowError {
            throw error
        } catch {
            throw Self.unusable(file, error)
        }
    }

    private func reachingGoal(_ track: GhostTrack, _ label: String) throws(FlowError) -> GhostTrack {
        guard track.finishTime(goal: goal.metres) != nil else {
            let reached = DistanceWords.kilometres(track.finalDistance)
            throw .usage("the ghost of \(label) covers \(reached)\(course == nil ? "" : " of the course"), less than the goal \(goal): give a shorter --goal, or another run")
        }
        return track
    }

    private static func unusable(_ label: String, _ error: any Error) -> FlowError {
        switch error as? GhostTrack.SamplingError {
        case .untimed?: .usage("\(label) lasts less than a second: nothing to replay as a ghost")
        case .noDistance?: .usage("\(label) covers no distance: nothing to replay as a ghost")
        case nil: FlowError(error, otherwise: .usage)
        }
    }
}

/// Kilometres for messages: `3.21 km`.
enum DistanceWords {
    static func kilometres(_ metres: Double) -> String {
        let hundredths = Int((max(0, min(metres, 1e9)) / 10).rounded(.down))
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) km"
    }
}
