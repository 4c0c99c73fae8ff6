import Domain
import Logging
import Presentation

extension FrontEndBinder {
    /// A binder for `screen` whose reports go to `logger`: a front-end that refuses frames (its
    /// output may be closed) once, as a warning; an error shown to the person, as the plain line a flow
    /// ends with on `errors` (`materunner: error: …`; an error log line without it); every other notice
    /// shown, at info.
    static func logging(
        to logger: Logger, errors: LineOutput? = nil, screen: any FrontEndScreen, clock: any RaceClock,
        statusInterval: Duration = FrontEndBinder.standardStatusInterval
    ) -> FrontEndBinder {
        FrontEndBinder(screen: screen, clock: clock, statusInterval: statusInterval) { report in
            switch report {
            case .rejected: logger.warning("\(report.message)")
            case .failed:
                if let errors { errors.write(FlowError(.noResult, report.message).line) } else { logger.error("\(report.message)") }
            case .shown: logger.info("\(report.message)")
            }
        }
    }
}
