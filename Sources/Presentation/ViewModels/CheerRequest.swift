/// The person asked to cheer: `emoji` (as typed, e.g. `👏`) to the runner id `to`, or to every mate
/// when `to` is nil, as a front-end's `cheer` input event carries them.
public struct CheerRequest: Sendable, Equatable {
    /// The cheer, one emoji; one the Domain does not know is refused with a warning.
    public var emoji: String
    /// The runner id cheered (16 hex digits), or nil for every mate.
    public var to: String?

    /// A cheer `emoji` to `to` (nil: every mate).
    public init(emoji: String, to: String? = nil) {
        self.emoji = emoji
        self.to = to
    }
}
