/// A message for the person, outside the board: why the run stopped, what went wrong.
public struct Notice: Sendable, Equatable {
    public enum Level: String, Sendable {
        case info, warning, error
    }

    public var level: Level
    public var message: String

    public init(level: Level, message: String) {
        self.level = level
        self.message = message
    }
}
