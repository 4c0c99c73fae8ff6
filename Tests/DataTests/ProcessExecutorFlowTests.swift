import Data
import Domain
import Foundation
import MateRunnerTesting
import NIOPosix
import Testing

#if canImport(Glibc)
    import Glibc
#endif

// Installing the executor changes the whole process, so each test here runs in a process of its own
// (an exit test): the production executor, installed as `main` installs it, then a race's sync on it.
@Suite("The production executor: Swift's jobs on one SwiftNIO event loop")
struct ProcessExecutorFlowTests {
    @Test(
        "installed, it runs every task and actor on the loop's thread: two repositories on loopback exchange 20 updates"
    )
    func syncOnTheLoop() async {
        await #expect(processExitsWith: .success) {
            guard ProcessExecutor.install(.loop) == .loop, ProcessExecutor.installed == .loop else { exit(10) }
            let loop = MultiThreadedEventLoopGroup.singleton.next()
            // A job enqueued after the hook runs on the loop: resumed after a suspension, a task is there.
            try await Task.sleep(for: .milliseconds(1))
            guard loop.inEventLoop else { exit(11) }
            let onLoop = await Task.detached { loop.inEventLoop }.value
            guard onLoop else { exit(12) }
            let exchanged = try await withRepositories(2) { repositories in
                let (alice, bob) = (repositories[0], repositories[1])
                try alice.addPeer(PeerAddress(host: "127.0.0.1", port: bob.localPort))
                try bob.addPeer(PeerAddress(host: "127.0.0.1", port: alice.localPort))
                return try await withHangGuard("20 updates on the loop") {
                    var updates = bob.updates().makeAsyncIterator()
                    var received: [RunnerProgress] = []
                    for step in 1...20 {
                        await alice.publish(
                            SyncSample.progress(
                                id: 0xA, name: "alice", elapsed: Double(step), distance: Double(step) * 3))
                        guard let update = await updates.next(), loop.inEventLoop else { break }
                        received.append(update)
                    }
                    return received
                }
            }
            guard exchanged.count == 20, exchanged.last?.state.distance == 60 else { exit(13) }
        }
    }
}
