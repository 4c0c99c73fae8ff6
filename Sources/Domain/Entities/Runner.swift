/// A person taking part in a run.
public struct Runner: Sendable, Hashable, Codable {
    /// The longest name, in UTF-8 bytes, that the wire format carries.
    public static let maximumNameBytes = 32

    public var id: RunnerID
    public var name: String

    public init(id: RunnerID, name: String) {
        self.id = id
        self.name = name
    }

    /// Checks a name a person typed: 1 to 32 UTF-8 bytes, no control characters.
    public static func validate(name: String) throws(RunnerNameError) -> String {
        let trimmed = name.trimmingWhitespace()
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.utf8.count <= maximumNameBytes else { throw .tooLong(bytes: trimmed.utf8.count) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .controlCharacters
        }
        return trimmed
    }
}

/// Why a runner name was refused.
public enum RunnerNameError: Error, Equatable, CustomStringConvertible {
    case empty
    case tooLong(bytes: Int)
    case controlCharacters

    public var description: String {
        switch self {
        case .empty: "the runner name is empty: pass --name with 1 to 32 characters"
        case .tooLong(let bytes):
            "the runner name is \(bytes) bytes long: keep it to \(Runner.maximumNameBytes) bytes of UTF-8"
        case .controlCharacters: "the runner name contains control characters: use letters, digits and spaces"
        }
    }
}

extension String {
    func trimmingWhitespace() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
              let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
