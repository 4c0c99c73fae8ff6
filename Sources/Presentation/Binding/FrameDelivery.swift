import FrontEndKit
import Synchronization

/// Hands frames to the screen one at a time (the ABI promises plugins serial calls), reports each
/// rejecting front-end once and each notice shown, and delivers nothing once the screen is shut down.
///
/// A lock, not a task, serializes the calls: a lobby notice, a status from the run and the shutdown keep
/// the order they were made in, and a shutdown never overlaps a delivery.
final class FrameDelivery: Sendable {
    private struct State {
        var rejecting: Set<String> = []
        var closed = false
    }

    private let screen: any FrontEndScreen
    private let report: @Sendable (FrontEndBinder.Report) -> Void
    private let state = Mutex(State())

    init(screen: any FrontEndScreen, report: @escaping @Sendable (FrontEndBinder.Report) -> Void) {
        self.screen = screen
        self.report = report
    }

    /// Hands `frame` to every front-end; a notice is reported unless `reportingNotice` is false.
    func deliver(_ frame: FrontEndFrame, reportingNotice: Bool = true) {
        let newlyRejecting = state.withLock { state -> [String]? in
            guard !state.closed else { return nil }
            return screen.deliver(frame).filter { state.rejecting.insert($0).inserted }
        }
        guard let newlyRejecting else { return }
        if reportingNotice, frame.type == .notice, let level = frame.level.flatMap(Notice.Level.init(rawValue:)) {
            let message = frame.message ?? ""
            report(level == .error ? .failed(message) : .shown(Notice(level: level, message: message)))
        }
        for path in newlyRejecting { report(.rejected(frontEnd: path, frame: frame.type)) }
    }

    /// Shuts the screen down, once; nothing is delivered after.
    func close() {
        state.withLock { state in
            guard !state.closed else { return }
            state.closed = true
            screen.shutdown()
        }
    }
}
