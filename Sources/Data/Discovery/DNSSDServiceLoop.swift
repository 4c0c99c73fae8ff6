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
/// always arrive on this thread and no reference is used from two threads at once.
final class DNSSDServiceLoop: @unchecked Sendable {
    /// A reference the loop polls, with the object its callbacks reach through the context pointer.
    class Operation {
        var ref: DNSServiceRef?
        /// When to give up on a one-shot operation (resolve, query); nil for long-lived ones.
        var deadline: Date?
        var onTimeout: (() -> Void)?
    }

    private let pending = NIOLockedValueBox<[() -> Void]>([])
    private let running = NIOLockedValueBox(true)
    // Touched only on the loop thread.
    private var operations: [ObjectIdentifier: Operation] = [:]
    private var thread: Thread?

    init() {
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
            pollOnce(timeoutMilliseconds: 50)
        }
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
        guard !active.isEmpty else {
            usleep(UInt32(timeoutMilliseconds) * 1000)
            return
        }
        var fds = active.map { pollfd(fd: $0.1, events: Int16(POLLIN), revents: 0) }
        let ready = poll(&fds, nfds_t(fds.count), timeoutMilliseconds)
        guard ready > 0 else { return }
        for (index, entry) in fds.enumerated() where entry.revents != 0 {
            let operation = active[index].0
            guard let ref = operation.ref else { continue }
            if DNSServiceProcessResult(ref) != DNSServiceErrorType(kDNSServiceErr_NoError) {
                remove(operation)
            }
        }
    }
}
