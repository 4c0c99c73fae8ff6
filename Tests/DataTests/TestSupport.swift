import Data
import Domain
import Foundation
import MateRunnerTesting
import SyncWire
import Testing

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

/// Waits until `repository` has validated `count` addresses it learned from datagrams (each echoed
/// our cookie: docs/PROTOCOL.md, "Address validation"): only then does it send them anything else.
func waitForValidation(of repository: UDPRaceSyncRepository, count: Int = 1) async throws {
    try await withHangGuard("\(count) address echo(es) at port \(repository.localPort)") {
        while repository.statistics.received["address-echo", default: 0] < count { try await Task.sleep(for: .milliseconds(1)) }
    }
}
