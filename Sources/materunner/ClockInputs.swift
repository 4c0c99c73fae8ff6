import Dispatch
import FrontEndKit
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The world clock's inputs from the front-ends: now / previous day / next day, each its own stream.
/// A stop input, Ctrl-C or SIGTERM ends all three, which ends the view model.
final class ClockInputs {
    let now: AsyncStream<Void>
    let previousDay: AsyncStream<Void>
    let nextDay: AsyncStream<Void>
    private let task: Task<Void, Never>
    private let sources: [any DispatchSourceSignal]

    init(host: FrontEndHost) {
        let now = AsyncStream.makeStream(of: Void.self)
        let previous = AsyncStream.makeStream(of: Void.self)
        let next = AsyncStream.makeStream(of: Void.self)
        (self.now, previousDay, nextDay) = (now.stream, previous.stream, next.stream)
        let finishAll: @Sendable () -> Void = {
            now.continuation.finish()
            previous.continuation.finish()
            next.continuation.finish()
        }
        task = Task {
            for await event in host.inputs {
                switch event.type {
                case .now: now.continuation.yield()
                case .previousDay: previous.continuation.yield()
                case .nextDay: next.continuation.yield()
                case .stop, .cancel: finishAll()
                case .accept, .decline, .cheer: continue
                }
            }
        }
        sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { finishAll() }
            source.resume()
            return source
        }
    }

    func cancel() {
        task.cancel()
        sources.forEach { $0.cancel() }
    }
}
