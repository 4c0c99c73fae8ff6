import Domain
import Foundation

/// Plays a fixed list of fixes, each when the clock reaches its timestamp, then ends.
public struct ScriptedLocationRepository: LocationRepository {
    public let script: [Fix]
    private let clock: any RaceClock

    public init(script: [Fix], clock: any RaceClock) {
        self.script = script
        self.clock = clock
    }

    /// Scripted positions stand for a receiver with a fix.
    public func statuses() -> AsyncStream<PositionStatus> {
        PositionStatus.constant(PositionStatus(source: .gpsd, state: .fix3D))
    }

    public func fixes(from raceStart: Date?) -> AsyncThrowingStream<Fix, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: Fix.self)
        let task = Task { [script, clock] in
            do {
                for fix in script {
                    try await clock.sleep(until: fix.timestamp)
                    continuation.yield(fix)
                }
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// A straight run north from `start`: one fix every `interval` seconds at `speed` m/s.
    public static func straightRun(
        from start: Coordinate = Coordinate(latitude: 46.0, longitude: 14.5),
        beginning: Date,
        speed: Double,
        interval: TimeInterval = 1,
        count: Int
    ) -> [Fix] {
        (0..<count).map { index in
            let seconds = Double(index) * interval
            return Fix(
                coordinate: Geodesy.destination(from: start, metres: speed * seconds, bearing: 0),
                timestamp: beginning.addingTimeInterval(seconds)
            )
        }
    }
}
