@testable import Data
import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing

/// Work handed to one event loop in batches (`LoopJobQueue`), which runs Swift's jobs in the binary
/// (`ProcessExecutor.loop`; the end-to-end tests run every flow on it).
@Suite("LoopJobQueue")
struct LoopJobQueueTests {
    typealias Job = @Sendable () -> Void

    /// A log of what ran, in order, and a wait for a number of entries.
    final class Log: Sendable {
        private struct State {
            var entries: [String] = []
            var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?
        }
        private let state = Mutex(State())

        func append(_ entry: String) {
            let done = state.withLock { state -> CheckedContinuation<Void, Never>? in
                state.entries.append(entry)
                guard let waiter = state.waiter, state.entries.count >= waiter.count else { return nil }
                state.waiter = nil
                return waiter.continuation
            }
            done?.resume()
        }

        var all: [String] { state.withLock { $0.entries } }

        func wait(for count: Int) async {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> Bool in
                    if state.entries.count >= count { return true }
                    state.waiter = (count, continuation)
                    return false
                }
                if now { continuation.resume() }
            }
        }
    }

    static func queue(loop: any EventLoop, batchLimit: Int = 256) -> LoopJobQueue<Job> {
        LoopJobQueue(loop: loop, batchLimit: batchLimit) { $0() }
    }

    /// The queue's counts once its task is over (a task of the loop after it proves it), as (drains, jobs).
    static func finalCounts(_ queue: LoopJobQueue<Job>, on loop: any EventLoop) async throws -> [Int] {
        try await loop.submit {}.get()
        return [queue.counts.drains, queue.counts.jobs]
    }

    @Test("jobs from several threads at once: every one runs once, on the loop, each thread's in its order")
    func concurrentEnqueues() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let queue = Self.queue(loop: loop)
        let log = Log()
        let offLoop = Atomic<Int>(0)
        let threads = 4, perThread = 2_000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for index in 0..<perThread {
                queue.enqueue {
                    if !loop.inEventLoop { offLoop.add(1, ordering: .relaxed) }
                    log.append("\(thread) \(index)")
                }
            }
        }
        await log.wait(for: threads * perThread)
        let entries = log.all
        #expect(entries.count == threads * perThread)
        #expect(Set(entries).count == entries.count)
        for thread in 0..<threads {
            let mine = entries.filter { $0.hasPrefix("\(thread) ") }
            #expect(mine == (0..<perThread).map { "\(thread) \($0)" })
        }
        #expect(offLoop.load(ordering: .relaxed) == 0)
        let counts = try await Self.finalCounts(queue, on: loop)
        #expect(counts[1] == threads * perThread)
        // Far fewer tasks of the loop than jobs: what came while one ran waited for it, not for a task of its own.
        #expect(counts[0] < threads * perThread / 2)
        try await group.shutdownGracefully()
    }

    @Test("a job's jobs run in the same task of the loop, after the ones before them")
    func chainedInOneDrain() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let queue = Self.queue(loop: loop)
        let log = Log()
        @Sendable func step(_ index: Int) {
            log.append("job \(index)")
            if index < 10 { queue.enqueue { step(index + 1) } }
        }
        // Both from a task of the loop, so that the queue's task cannot start between the two.
        loop.execute {
            queue.enqueue { step(1) }
            queue.enqueue { log.append("second") }
        }
        await log.wait(for: 11)
        #expect(log.all == ["job 1", "second"] + (2...10).map { "job \($0)" })
        #expect(try await Self.finalCounts(queue, on: loop) == [1, 11])
        try await group.shutdownGracefully()
    }

    @Test("past the batch limit the loop gets a turn: its own task runs between two batches, then the jobs go on")
    func batchLimit() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let queue = Self.queue(loop: loop, batchLimit: 4)
        let log = Log()
        @Sendable func step(_ index: Int) {
            log.append("job \(index)")
            // The loop's own work (a socket's read, a timer) comes while the first batch runs.
            if index == 1 { loop.execute { log.append("loop") } }
            if index < 10 { queue.enqueue { step(index + 1) } }
        }
        queue.enqueue { step(1) }
        await log.wait(for: 11)
        #expect(log.all == (1...4).map { "job \($0)" } + ["loop"] + (5...10).map { "job \($0)" })
        #expect(try await Self.finalCounts(queue, on: loop) == [3, 10])
        try await group.shutdownGracefully()
    }

    @Test("after each batch the hook runs on the loop, and what it enqueues runs in the same task of the loop")
    func afterBatch() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let log = Log()
        let hooks = Mutex(0)
        let box = Mutex<LoopJobQueue<Job>?>(nil)
        let queue = LoopJobQueue<Job>(loop: loop, run: { $0() }, afterBatch: {
            loop.preconditionInEventLoop()
            // The first time: a job as a sleep that ended in this wake-up would resume its task.
            if hooks.withLock({ $0 += 1; return $0 }) == 1 { box.withLock { $0 }?.enqueue { log.append("woken") } }
        })
        box.withLock { $0 = queue }
        loop.execute {
            queue.enqueue { log.append("one") }
            queue.enqueue { log.append("two") }
        }
        await log.wait(for: 3)
        #expect(log.all == ["one", "two", "woken"])
        // Two batches (the two jobs, then the one the hook enqueued), one task of the loop.
        #expect(try await Self.finalCounts(queue, on: loop) == [1, 3])
        #expect(hooks.withLock { $0 } == 2)
        try await group.shutdownGracefully()
    }

    @Test("after the queue ran dry, the next job schedules a task again")
    func schedulesAgain() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let queue = Self.queue(loop: loop)
        let log = Log()
        queue.enqueue { log.append("one") }
        await log.wait(for: 1)
        // Once the first task is over, a new job needs a new one.
        #expect(try await Self.finalCounts(queue, on: loop) == [1, 1])
        queue.enqueue { log.append("two") }
        await log.wait(for: 2)
        #expect(log.all == ["one", "two"])
        #expect(try await Self.finalCounts(queue, on: loop) == [2, 2])
        try await group.shutdownGracefully()
    }
}
