import Foundation
import FrontEndHosting
import FrontEndKit
import Presentation
import Synchronization

/// The benchmark's screen: hands every frame to a front-end host (which encodes it as the plugins
/// receive it), then times every change of a mate's elapsed time against the fix behind it.
final class ObservingScreen: FrontEndScreen {
    private struct State {
        var observation = BenchmarkPeer.Observation()
        var shown: [String: Double] = [:]
    }

    private let host: FrontEndHost
    private let mates: [String: FixProbe]
    private let window: Range<UInt64>
    private let state = Mutex(State())

    /// A screen showing on `host`, timing the fixes of `mates` that left their source inside `window`.
    init(host: FrontEndHost, mates: [String: FixProbe], window: Range<UInt64>) {
        self.host = host
        self.mates = mates
        self.window = window
    }

    /// What was seen so far.
    var observation: BenchmarkPeer.Observation { state.withLock { $0.observation } }

    var inputs: AsyncStream<FrontEndInputEvent> { host.inputs }

    func deliver(_ frame: FrontEndFrame) -> [String] {
        let rejected = host.deliver(frame)
        let now = monotonicNanoseconds()
        state.withLock { state in
            state.observation.frames += 1
            for mate in frame.runners ?? [] where !mate.me && state.shown[mate.id] != mate.timeSeconds {
                state.shown[mate.id] = mate.timeSeconds
                guard mate.state == "running", mate.timeSeconds > 0, let probe = mates[mate.id] else { continue }
                guard let emitted = probe.emission(elapsed: mate.timeSeconds) else {
                    state.observation.unmatched += 1
                    continue
                }
                if window.contains(emitted) { state.observation.samples.append(now - emitted) }
            }
        }
        return rejected
    }

    func shutdown() {
        host.shutdown()
    }
}
