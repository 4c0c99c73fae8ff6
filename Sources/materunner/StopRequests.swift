import Dispatch
import FrontEndKit
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// "Stop the run" from any front-end's stop or (confirmed) cancel input, or from Ctrl-C / SIGTERM.
/// Until the run flow of issue 7 tells mates and saves the run as cancelled, a cancel stops it.
final class StopRequests {
    let stream: AsyncStream<Void>
    private let task: Task<Void, Never>
    private let sources: [any DispatchSourceSignal]

    init(host: FrontEndHost) {
        let (stream, continuation) = AsyncStream.makeStream(of: Void.self)
        self.stream = stream
        task = Task {
            for await event in host.inputs where event.type == .stop || event.type == .cancel {
                continuation.yield()
            }
        }
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { continuation.yield() }
            source.resume()
            return source
        }
    }

    func cancel() {
        task.cancel()
        sources.forEach { $0.cancel() }
    }
}
