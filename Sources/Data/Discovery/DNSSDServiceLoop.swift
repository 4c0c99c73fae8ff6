import CDNSSD
import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One thread that owns every DNS-SD reference: it runs queued work, polls the references' sockets
/// (`DNSServiceRefSockFD`) and calls `DNSServiceProcessResult` when one is readable, so callbacks
/// always arrive on this thread and no reference is used from two threads at once. It sleeps in `poll`
/// until a socket is readable, work is queued (a byte on its wake pipe) or a one-shot operation's
/// deadline comes: an idle loop (nothing to browse, or no daemon at all) never wakes.
final class DNSSDServiceLoop: @unchecked Sendable {
    /// A reference the loop polls, with the object its callbacks reach through the context pointer.
    class Operation {
        var ref: DNSServiceRef?
        /// When to give up on a one-shot operation (resolve, query), or when a timer (no reference)
        /// fires; nil for long-lived ones.
        var deadline: Date?
        var onTimeout: (() -> Void)?
    }

    private let pending = NIOLockedValueBox<[() -> Void]>([])
    private let running = NIOLockedValueBox(true)
    // Touched only on the loop thread.
    private var operations: [ObjectIdentifier: Operation] = [:]
    private var thread: Thread?
    /// The wake pipe: `async` writes a byte, the loop's `poll` returns.
    private let wakeRead: Int32
    private let wakeWrite: Int32

    init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        (wakeRead, wakeWrite) = (fds[0], fds[1])
        let thread = Thread { [self] in self.run() }
        thread.name = "materunner.dns-sd"
        self.thread = thread
        thread.start()
    }

    /// Runs `work` on the loop thread and waits up to `timeout` for its result.
    func sync<T: Sendable>(timeout: TimeInterval, _ work: @escaping () -> T) -> T? {
        let result = NIOLockedValueBox<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        async {
            result.withLockedValue { $0 = work() }
            done.signal()
        }
        guard done.wait(timeout: .now() + timeout) == .success else { return nil }
        return result.withLockedValue { $0 }
    }

    /// Queues `work` for the loop thread.
    func async(_ work: @escaping () -> Void) {
        pending.withLockedValue { $0.append(work) }
        var byte: UInt8 = 1
        // A full pipe already wakes the loop: a failed write loses nothing.
        _ = write(wakeWrite, &byte, 1)
    }

    /// Loop thread only: starts polling an operation's reference.
    func add(_ operation: Operation) {
        operations[ObjectIdentifier(operation)] = operation
    }

    /// Loop thread only: stops polling and frees an operation's reference.
    func remove(_ operation: Operation) {
        operations[ObjectIdentifier(operation)] = nil
        if let ref = operation.ref {
            DNSServiceRefDeallocate(ref)
            operation.ref = nil
        }
    }

    /// Frees every reference and ends the thread.
    func stop() {
        async { [self] in
            for operation in Array(operations.values) { remove(operation) }
            running.withLockedValue { $0 = false }
        }
    }

    private func run() {
        while running.withLockedValue({ $0 }) {
            let work = pending.withLockedValue { queued -> [() -> Void] in
                defer { queued = [] }
                return queued
            }
            work.forEach { $0() }
            expireOperations()
            // Without a wake pipe (pipe() failed), look for queued work every 50 ms as a fallback.
            let deadline = nextDeadline()
            pollOnce(timeoutMilliseconds: wakeRead >= 0 ? deadline : deadline < 0 ? 50 : min(50, deadline))
        }
    }

    deinit {
        // The thread holds the loop until it ends: nobody can queue work (and write the pipe) any more.
        if wakeRead >= 0 { close(wakeRead) }
        if wakeWrite >= 0 { close(wakeWrite) }
    }

    /// Milliseconds until the earliest one-shot deadline (at least 1), or -1 (no deadline: wait for a
    /// socket or for work).
    private func nextDeadline() -> Int32 {
        guard let earliest = operations.values.compactMap(\.deadline).min() else { return -1 }
        let milliseconds = (earliest.timeIntervalSinceNow * 1000).rounded(.up)
        return Int32(max(1, min(milliseconds, 60_000)))
    }

    /// Empties the wake pipe.
    private func drainWake() {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(wakeRead, &buffer, buffer.count) > 0 {}
    }

    private func expireOperations() {
        let now = Date()
        for operation in operations.values {
            if let deadline = operation.deadline, deadline < now {
                operation.onTimeout?()
                remove(operation)
            }
        }
    }

    private func pollOnce(timeoutMilliseconds: Int32) {
        let active = operations.values.compactMap { operation -> (Operation, Int32)? in
            guard let ref = operation.ref else { return nil }
            let fd = DNSServiceRefSockFD(ref)
            return fd >= 0 ? (operation, fd) : nil
        }
        var fds = [pollfd(fd: wakeRead, events: Int16(POLLIN), revents: 0)]
            + active.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready > 0 else { return }
        if fds[0].revents != 0 { drainWake() }
        for (index, entry) in fds.enumerated().dropFirst() where entry.revents != 0 {
            let operation = active[index - 1].0
            guard let ref = operation.ref else { continue }
            if DNSServiceProcessResult(ref) != DNSServiceErrorType(kDNSServiceErr_NoError) {
                remove(operation)
            }
        }
    }
}
