import Data
import Domain
import Foundation
import Logging

extension AppContainer {
    /// A recorder writing one new run into `store` as it goes.
    func makeRecorder(store: any RunRecordRepository) -> RunRecorder {
        RunRecorder(repository: store, runID: UUID().uuidString.lowercased(), checkpointInterval: 5)
    }

    /// `location`, with every fix also going to the recorder (our route).
    func recording(_ location: any LocationRepository, into recorder: RunRecorder) -> any LocationRepository {
        RecordingLocationRepository(wrapped: location, recorder: recorder)
    }

    /// `session`, with every snapshot also going to the recorder (samples, standings, the end).
    func recording(_ session: any RaceSessionUseCase, into recorder: RunRecorder) -> any RaceSessionUseCase {
        RecordingRaceSession(wrapped: session, recorder: recorder)
    }

    /// After the run: writes its end if nothing did (a stop ends a run as cancelled, unless it had
    /// finished), and reports a failed recording. Returns whether the run was recorded.
    func closeRecording(_ recorder: RunRecorder) async -> Bool {
        await recorder.end(await recorder.statusFromLastSnapshot(otherwise: .cancelled))
        if let failure = await recorder.failure {
            logger.error("the run was not fully recorded: \(failure)")
            return false
        }
        return true
    }
}
