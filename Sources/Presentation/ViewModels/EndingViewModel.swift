/// What a run says as it ends with an error: one error notice, the last frame on every front-end, so
/// that a JSON stream that ends with the run ends saying why.
///
/// The command also writes the error on standard error, once: the binder shows this notice without
/// reporting it as a failure a second time.
public final class EndingViewModel: ViewModelType, Sendable {
    /// Nothing: the error carries all the view model says.
    public typealias Dependency = Void

    /// What happened.
    public struct Input: Sendable {
        /// The error the run ended with.
        public var error: any Error

        /// The run ended with `error`.
        public init(endedWith error: any Error) {
            self.error = error
        }
    }

    /// Display-ready values for the view.
    public struct Output: Sendable, Equatable {
        /// The error notice: the error's own words, which say what happened and what to do.
        public var notice: Notice

        /// Outputs made of this notice (a view model's, or a test's).
        public init(notice: Notice) {
            self.notice = notice
        }
    }

    /// The view model.
    public init() {}

    public func transform(input: Input) -> Output {
        let words = "\(input.error)"
        // An error with no words of its own is still named, never an empty line.
        let message = words.isEmpty ? "the run ended with an error (\(type(of: input.error)))" : words
        return Output(notice: Notice(level: .error, message: message))
    }
}
