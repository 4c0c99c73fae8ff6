import FrontEndKit

/// The joiner's live line while no invitation is open: how long it still waits, in words
/// (`alice is waiting for an invitation: 3 s left`) and as the `waiting` frame carries it.
public struct JoinerWaitLine: Sendable, Equatable {
    /// The line a person reads.
    public var message: String
    /// The seconds left and the end of the wait.
    public var waiting: FrontEndWaiting

    /// The line `message`, for `waiting`.
    public init(message: String, waiting: FrontEndWaiting) {
        self.message = message
        self.waiting = waiting
    }
}
