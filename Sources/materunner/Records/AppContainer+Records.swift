import Domain
import Foundation

extension AppContainer {
    /// A recorder writing one new run into `store` as it goes.
    func makeRecorder(store: any RunRecordRepository) -> RunRecorder {
        RunRecorder(repository: store, runID: UUID().uuidString.lowercased(), checkpointInterval: 5)
    }
}
