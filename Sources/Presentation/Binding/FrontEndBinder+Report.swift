import FrontEndKit

extension FrontEndBinder {
    /// What the binder tells its caller, for the log: the binder shows, the caller writes it down.
    public enum Report: Sendable, Equatable {
        /// The front-end at this path rejected a frame of this kind (its output may be closed); said
        /// once per front-end, further rejections are not reported.
        case rejected(frontEnd: String, frame: FrontEndFrame.Kind)
        /// An error notice with this message was shown: the screen failed.
        case failed(String)
        /// Another notice was shown (an info or a warning), e.g. a refused answer to an invitation.
        case shown(Notice)

        /// One line for the log.
        public var message: String {
            switch self {
            case let .rejected(frontEnd, frame):
                "front-end \(frontEnd) rejected a \(frame.rawValue) frame (its output may be closed); further rejections are not logged"
            case .failed(let message):
                message
            case .shown(let notice):
                notice.message
            }
        }
    }
}
