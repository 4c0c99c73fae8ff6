import Domain
import Foundation

extension AppContainer {
    /// A recorder writing one new run into `store` as it goes.
    func makeRecorder(store: any RunRecordRepository) -> RunRecorder {
        makeRecorder(store: store, isDemo: false)
    }

    /// A recorder writing one run into `store`; `isDemo` marks a demo's run (left out of the totals).
    func makeRecorder(store: any RunRecordRepository, isDemo: Bool) -> RunRecorder {
        RunRecorder(repository: store, runID: UUID().uuidString.lowercased(), checkpointInterval: 5, isDemo: isDemo)
    }
}
