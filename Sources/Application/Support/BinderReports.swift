import Domain
import Logging
import Presentation

extension FrontEndBinder {
    /// A binder for `screen` whose reports go to `logger`: a front-end that refuses frames (its
    /// output may be closed) once, an error shown to the person as an error line.
    static func logging(to logger: Logger, screen: any FrontEndScreen, clock: any RaceClock) -> FrontEndBinder {
        FrontEndBinder(screen: screen, clock: clock) { report in
            switch report {
            case let .rejected(frontEnd, frame):
                logger.warning("front-end \(frontEnd) rejected a \(frame.rawValue) frame (its output may be closed); further rejections are not logged")
            case .failed(let message):
                logger.error("\(message)")
            }
        }
    }
}
