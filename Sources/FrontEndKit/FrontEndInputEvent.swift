/// An event a front-end sends to the host (`send_input`), named after what the person did.
/// Unknown `type`s are refused (send_input returns non-zero).
public struct FrontEndInputEvent: Codable, Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Codable, Sendable {
        /// Stop the run at once (no confirmation asked; Ctrl-C does the same).
        case stop
        /// Cancel the run, after the person confirmed it: mates are told, the run is saved as cancelled.
        case cancel
        /// Accept the invitation named by `invitation`.
        case accept
        /// Decline the invitation named by `invitation`.
        case decline
        /// Send `emoji` to the mate named by `to` (a runner id), or to every mate when `to` is absent.
        case cheer
        /// World clock: show the race clock's now again.
        case now
        /// World clock: show the previous day.
        case previousDay = "previous_day"
        /// World clock: show the next day.
        case nextDay = "next_day"
    }

    /// What happened.
    public var type: Kind
    /// The invitation id (`accept`, `decline`).
    public var invitation: String?
    /// The runner id cheered (`cheer`); absent for every mate.
    public var to: String?
    /// The cheer (`cheer`), e.g. `👏`.
    public var emoji: String?

    /// An event of `type` with the fields that apply to it.
    public init(type: Kind, invitation: String? = nil, to: String? = nil, emoji: String? = nil) {
        self.type = type
        self.invitation = invitation
        self.to = to
        self.emoji = emoji
    }
}
