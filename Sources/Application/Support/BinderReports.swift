import Domain
import Logging
import Presentation

extension FrontEndBinder {
    /// A binder for `screen` whose reports go to `logger`: a front-end that refuses frames (its
    /// output may be closed) once, as a warning; an error shown to the person, as an error line;
    /// every other notice shown, at info.
    static func logging(to logger: Logger, screen: any FrontEndScreen, clock: any RaceClock) -> FrontEndBinder {
        FrontEndBinder(screen: screen, clock: clock) { report in
            switch report {
            case .rejected: logger.warning("\(report.message)")
            case .failed: logger.error("\(report.message)")
            case .shown: logger.info("\(report.message)")
            }
        }
    }
}
