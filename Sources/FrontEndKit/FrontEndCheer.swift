/// A cheer from a mate, as a `cheer` frame carries it.
public struct FrontEndCheer: Codable, Sendable, Equatable {
    /// The name of the runner who cheered.
    public var from: String
    /// The name of the runner cheered (usually this peer's own), or nil for everyone.
    public var to: String?
    /// The cheer itself, one emoji such as `👏`.
    public var emoji: String

    /// A cheer `emoji` from `from` to `to` (nil: to everyone).
    public init(from: String, to: String?, emoji: String) {
        self.from = from
        self.to = to
        self.emoji = emoji
    }

    /// One line for a person: `bob cheers you 👏` or `bob cheers 👏`.
    public func display(me: String?) -> String {
        switch to {
        case nil: "\(from) cheers \(emoji)"
        case let name? where name == me: "\(from) cheers you \(emoji)"
        case let name?: "\(from) cheers \(name) \(emoji)"
        }
    }

    enum CodingKeys: String, CodingKey {
        case from, to, emoji
    }
}
