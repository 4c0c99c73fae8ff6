import FrontEndKit
import Presentation
import Synchronization

/// A screen for tests: records every frame delivered to it, lets the test send input events as a
/// front-end would, and can be told to reject frames. A test waits for a frame by a predicate,
/// without sleeping: the wait resumes when the frame is delivered.
public final class RecordingScreen: FrontEndScreen {
    private struct Waiter {
        let id: UInt64
        let holds: @Sendable ([FrontEndFrame]) -> Bool
        let continuation: CheckedContinuation<[FrontEndFrame]?, Never>
    }

    private struct State {
        var frames: [FrontEndFrame] = []
        var rejecting = false
        var isShutDown = false
        var waiters: [Waiter] = []
        var nextID: UInt64 = 0
    }

    /// The path a rejecting screen gives for itself.
    public let path: String
    public let inputs: AsyncStream<FrontEndInputEvent>
    private let continuation: AsyncStream<FrontEndInputEvent>.Continuation
    private let state = Mutex(State())

    /// A screen that accepts every frame; it calls itself `path` when it rejects one.
    public init(path: String = "recording") {
        self.path = path
        (inputs, continuation) = AsyncStream.makeStream(of: FrontEndInputEvent.self)
    }

    /// Every frame delivered so far, in order (rejected ones too).
    public var frames: [FrontEndFrame] { state.withLock { $0.frames } }
    /// Whether `shutdown` was called.
    public var isShutDown: Bool { state.withLock { $0.isShutDown } }

    /// The front-end sends `event`.
    public func send(_ event: FrontEndInputEvent) {
        continuation.yield(event)
    }

    /// From now on every frame is rejected (or, with false, accepted again).
    public func rejectFrames(_ rejecting: Bool = true) {
        state.withLock { $0.rejecting = rejecting }
    }

    /// The first frame delivered, or to be delivered, that `matches`; nil when the screen shuts down
    /// or the waiting task is cancelled first.
    public func frame(where matches: @escaping @Sendable (FrontEndFrame) -> Bool) async -> FrontEndFrame? {
        await frames(until: { $0.contains(where: matches) })?.first(where: matches)
    }

    /// Every frame, once `count` at least were delivered; nil when the screen shuts down or the
    /// waiting task is cancelled first.
    @discardableResult
    public func waitForFrames(_ count: Int) async -> [FrontEndFrame]? {
        await frames(until: { $0.count >= count })
    }

    /// Every frame, once they make `holds` true; nil when the screen shuts down or the waiting task
    /// is cancelled first.
    public func frames(until holds: @escaping @Sendable ([FrontEndFrame]) -> Bool) async -> [FrontEndFrame]? {
        let id = state.withLock { state -> UInt64 in
            state.nextID += 1
            return state.nextID
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<[FrontEndFrame]?, Never>) in
                let found = state.withLock { state -> [FrontEndFrame]?? in
                    if holds(state.frames) { return .some(state.frames) }
                    if state.isShutDown || Task.isCancelled { return .some(nil) }
                    state.waiters.append(Waiter(id: id, holds: holds, continuation: continuation))
                    return .none
                }
                if let found { continuation.resume(returning: found) }
            }
        } onCancel: {
            let waiter = state.withLock { state -> Waiter? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else { return nil }
                return state.waiters.remove(at: index)
            }
            waiter?.continuation.resume(returning: nil)
        }
    }

    @discardableResult
    public func deliver(_ frame: FrontEndFrame) -> [String] {
        let (rejecting, due, frames) = state.withLock { state -> (Bool, [Waiter], [FrontEndFrame]) in
            state.frames.append(frame)
            var due: [Waiter] = []
            var waiting: [Waiter] = []
            for waiter in state.waiters {
                if waiter.holds(state.frames) { due.append(waiter) } else { waiting.append(waiter) }
            }
            state.waiters = waiting
            return (state.rejecting, due, state.frames)
        }
        due.forEach { $0.continuation.resume(returning: frames) }
        return rejecting ? [path] : []
    }

    public func shutdown() {
        let waiting = state.withLock { state -> [Waiter] in
            state.isShutDown = true
            defer { state.waiters = [] }
            return state.waiters
        }
        waiting.forEach { $0.continuation.resume(returning: nil) }
        continuation.finish()
    }
}
