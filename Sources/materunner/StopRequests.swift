import FrontEndKit
import Presentation

/// "Stop the run" from any front-end's stop input, or from Ctrl-C / SIGTERM. (A confirmed cancel is
/// not a stop: `RunInteractions` cancels the run, which tells the mates, and the run then ends.)
final class StopRequests {
    let stream: AsyncStream<Void>
    private let inputs: Task<Void, Never>
    private let interrupts: Task<Void, Never>
    private let signals: InterruptSignals

    init(host: FrontEndHost) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        self.stream = stream
        inputs = Task {
            for await event in host.inputs where event.type == .stop {
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
