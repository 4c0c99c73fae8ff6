import FrontEndKit
import MateRunnerTesting
import Presentation

/// A screen that runs `whileDelivering` during each delivery (as if the front-end were slow and the
/// race went on meanwhile), then records the frame.
final class SlowScreen: FrontEndScreen {
    let recording = RecordingScreen()
    private let whileDelivering: @Sendable (FrontEndFrame) -> Void

    init(whileDelivering: @escaping @Sendable (FrontEndFrame) -> Void) {
        self.whileDelivering = whileDelivering
    }

    var inputs: AsyncStream<FrontEndInputEvent> { recording.inputs }

    func deliver(_ frame: FrontEndFrame) -> [String] {
        whileDelivering(frame)
        return recording.deliver(frame)
    }

    func shutdown() {
        recording.shutdown()
    }
}
