import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

/// Runs `body`; if it has not finished after `seconds` of real time, cancels it and throws. Only a
/// safety net so that a broken network test fails instead of hanging: nothing asserts on the time.
func withHangGuard<T: Sendable>(
    _ what: String,
    seconds: Double = 10,
    _ body: @escaping @Sendable () async throws -> T
) async throws -> T {
    try await withThrowingTaskGroup(of: T?.self) { group in
        group.addTask { try await body() }
        group.addTask {
            try await Task.sleep(for: .seconds(seconds))
            return nil
        }
        defer { group.cancelAll() }
        guard let first = try await group.next(), let value = first else {
            throw TestFailure("no answer after \(seconds) s waiting for \(what)")
        }
        return value
    }
}

/// Values for the codec and sync tests.
enum Sample {
    static let terms = RaceTerms(mode: .race, goal: .standard)

    static func progress(
        id: UInt64 = 0x0123_4567_89AB_CDEF,
        name: String = "alice",
        terms: RaceTerms = terms,
        sequence: UInt32 = 42,
        phase: RunnerPhase = .running,
        elapsed: TimeInterval = 754.321,
        distance: Double = 2_345.67,
        finishTime: TimeInterval? = nil,
        hasFinalResult: Bool = false
    ) -> RunnerProgress {
        RunnerProgress(
            runner: Runner(id: RunnerID(rawValue: id), name: name), terms: terms, sequence: sequence, phase: phase,
            elapsed: elapsed, distance: distance, finishTime: finishTime, hasFinalResult: hasFinalResult
        )
    }
}

extension RunnerProgress {
    /// This progress without its sequence: a peer sees the sender's datagram number as the sequence.
    var state: RunnerProgress {
        var copy = self
        copy.sequence = 0
        return copy
    }
}

/// Binds one repository on 127.0.0.1 (a free port) per key, nil for an open race; runs `body`, and
/// closes them whatever happens.
func withRepositories<T>(_ keys: [RaceKey?], _ body: ([UDPRaceSyncRepository]) async throws -> T) async throws -> T {
    var repositories: [UDPRaceSyncRepository] = []
    do {
        for key in keys { repositories.append(try await .bind(host: "127.0.0.1", port: 0, key: key)) }
        let result = try await body(repositories)
        for repository in repositories { await repository.close() }
        return result
    } catch {
        for repository in repositories { await repository.close() }
        throw error
    }
}

/// `count` repositories of an open race, as `withRepositories(_:_:)`.
func withRepositories<T>(_ count: Int, _ body: ([UDPRaceSyncRepository]) async throws -> T) async throws -> T {
    try await withRepositories(Array(repeating: nil, count: count), body)
}

/// The next update `repository` receives.
func nextUpdate(of repository: UDPRaceSyncRepository) async throws -> RunnerProgress {
    try await withHangGuard("a datagram on port \(repository.localPort)") {
        for await update in repository.updates() { return update }
        throw TestFailure("the updates of port \(repository.localPort) ended")
    }
}
