import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Synchronization
import Testing

/// Subscribes to every output of the running view model and keeps the whole history of each.
final class RunningOutputRecorder: Sendable {
    struct History: Sendable {
        var status: [RunningStatus] = []
        var cheer: [FrontEndCheer] = []
        var result: [RunningResult] = []
        var notice: [Notice] = []
        /// The outputs that have finished.
        var finished: Set<String> = []
    }

    private let state = Mutex(History())
    private let tasks = Mutex<[Task<Void, Never>]>([])

    var history: History { state.withLock { $0 } }
    var allFinished: Bool { history.finished.count == 4 }

    func record(_ output: RunningViewModel.Output) {
        let started = [
            collect(output.status, named: "status") { $0.status.append($1) },
            collect(output.cheer, named: "cheer") { $0.cheer.append($1) },
            collect(output.result, named: "result") { $0.result.append($1) },
            collect(output.notice, named: "notice") { $0.notice.append($1) },
        ]
        tasks.withLock { $0 += started }
    }

    private func collect<Outputs: AsyncSequence & Sendable>(
        _ outputs: Outputs, named name: String, _ append: @escaping @Sendable (inout History, Outputs.Element) -> Void
    ) -> Task<Void, Never> where Outputs.Element: Sendable, Outputs.Failure == Never {
        Task {
            for await value in outputs {
                state.withLock { append(&$0, value) }
            }
            state.withLock { _ = $0.finished.insert(name) }
        }
    }

    func cancel() {
        tasks.withLock { $0.forEach { $0.cancel() } }
    }
}

extension RunningStatusFeed {
    /// A test's feed of the statuses it yields into `stream` (newest-only): waits out the instant it is
    /// asked not before, then takes the next one.
    init(_ stream: AsyncStream<RunningStatus>) {
        self.init { notBefore in
            if let notBefore { try? await ContinuousClock().sleep(until: notBefore) }
            var statuses = stream.makeAsyncIterator()
            return await statuses.next()
        }
    }
}

/// Hand-made snapshots of a 100 m race between ana (this peer) and bor.
enum Sample {
    static let start = ManualRaceClock().now
    static let ana = Runner(id: RunnerID(rawValue: 0xA), name: "ana")
    static let bor = Runner(id: RunnerID(rawValue: 0xB), name: "bor")
    static let race100m = RaceTerms(mode: .race, goal: RaceGoal(centimetres: 10_000))

    static func progress(
        _ runner: Runner, _ phase: RunnerPhase = .running, elapsed: TimeInterval = 0, distance: Double = 0,
        finishTime: TimeInterval? = nil, terms: RaceTerms = race100m
    ) -> RunnerProgress {
        RunnerProgress(
            runner: runner, terms: terms, sequence: 1, phase: phase, elapsed: elapsed, distance: distance,
            finishTime: finishTime
        )
    }

    static func snapshot(
        _ stage: RaceSnapshot.Stage,
        _ progress: [RunnerProgress],
        me: Runner = ana,
        startedAt: Date? = start,
        terms: RaceTerms = race100m,
        lost: Set<RunnerID> = []
    ) -> RaceSnapshot {
        RaceSnapshot(
            me: me.id, stage: stage, startedAt: startedAt,
            standings: ResolveRace.standings(of: progress, terms: terms, lost: lost)
        )
    }

    static let waiting = snapshot(.waitingForMates(heard: 0, expected: 1), [progress(ana, .waiting)], startedAt: nil)
}
