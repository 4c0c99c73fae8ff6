import Domain
import Foundation

extension AppContainer {
    /// A recorder writing one new run into `store` as it goes.
    func makeRecorder(store: any RunRecordRepository) -> RunRecorder {
        RunRecorder(repository: store, runID: UUID().uuidString.lowercased(), checkpointInterval: 5)
    }

    /// A recorder writing the demo's run into `store`, marked as a demo (left out of the totals).
    func makeDemoRecorder(store: any RunRecordRepository) -> RunRecorder {
        RunRecorder(repository: store, runID: UUID().uuidString.lowercased(), checkpointInterval: 5, isDemo: true)
    }
}
