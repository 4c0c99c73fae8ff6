import FrontEndKit
import Presentation

/// "Stop the run" from any front-end's stop or (confirmed) cancel input, or from Ctrl-C / SIGTERM.
/// Until the run flow of issue 7 tells mates and saves the run as cancelled, a cancel stops it.
final class StopRequests {
    let stream: AsyncStream<Void>
    private let inputs: Task<Void, Never>
    private let interrupts: Task<Void, Never>
    private let signals: InterruptSignals

    init(host: FrontEndHost) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        self.stream = stream
        inputs = Task {
            for await event in host.inputs where event.type == .stop || event.type == .cancel {
                continuation.yield()
            }
        }
        let signals = InterruptSignals()
        let interruptions = signals.stream
        self.signals = signals
        interrupts = Task {
            for await _ in interruptions { continuation.yield() }
        }
    }

    func cancel() {
        inputs.cancel()
        interrupts.cancel()
        signals.cancel()
    }
}
