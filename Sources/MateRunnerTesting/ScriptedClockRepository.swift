import Domain
import Synchronization

/// A clock repository that hands out the readings the test gives it, in order.
public final class ScriptedClockRepository: ClockRepository {
    private let readings: Mutex<[ClockReading]>

    /// A repository that will hand out `readings`, then throw `ScriptEnded`.
    public init(_ readings: [ClockReading]) {
        self.readings = Mutex(readings)
    }

    public func fetchNow() async throws -> ClockReading {
        try readings.withLock { readings in
            guard !readings.isEmpty else { throw ScriptEnded() }
            return readings.removeFirst()
        }
    }

    /// Thrown once every reading was handed out.
    public struct ScriptEnded: Error {}
}
