/// Every `--frontend-option NAME.KEY=VALUE` of a command, grouped by front-end name: each front-end
/// receives its own keys (without the `NAME.` prefix) in the `settings` of its options JSON.
public struct FrontEndSettings: Sendable, Equatable {
    /// Front-end name → key → value; a key given twice keeps its last value, as flags do.
    public private(set) var byFrontEnd: [String: [String: String]]

    /// No settings.
    public static let none = FrontEndSettings(byFrontEnd: [:])

    public init(byFrontEnd: [String: [String: String]]) {
        self.byFrontEnd = byFrontEnd
    }

    /// Parses `NAME.KEY=VALUE` items. NAME is a front-end's name (`web`, `audio`, `text`…); KEY may itself
    /// contain dots; VALUE is everything after the first `=` and may be empty.
    public init(parsing items: [String]) throws(FrontEndSettingsSyntaxError) {
        var byFrontEnd: [String: [String: String]] = [:]
        for item in items {
            guard let equals = item.firstIndex(of: "=") else { throw .init(item: item, problem: "no '=' in it") }
            let target = item[..<equals]
            guard let dot = target.firstIndex(of: ".") else {
                throw .init(item: item, problem: "name the front-end before the key, as in web.listen=0.0.0.0:8047")
            }
            let name = String(target[..<dot]).trimmingWhitespace
            let key = String(target[target.index(after: dot)...]).trimmingWhitespace
            guard !name.isEmpty else { throw .init(item: item, problem: "the front-end name before '.' is empty") }
            guard !key.isEmpty else { throw .init(item: item, problem: "the key after '\(name).' is empty") }
            byFrontEnd[name, default: [:]][key] = String(item[item.index(after: equals)...])
        }
        self.byFrontEnd = byFrontEnd
    }

    /// The settings for a front-end loaded as `spec` whose descriptor calls itself `name`.
    public func settings(name: String, spec: String) -> [String: String] {
        (byFrontEnd[spec] ?? [:]).merging(byFrontEnd[name] ?? [:]) { _, byName in byName }
    }

    /// The front-end names settings were given for that none of `loaded` (descriptor names and specs) answers to.
    public func unclaimed(by loaded: [(name: String, spec: String)]) -> [String] {
        byFrontEnd.keys.filter { name in !loaded.contains { $0.name == name || $0.spec == name } }.sorted()
    }
}

/// A `--frontend-option` that is not `NAME.KEY=VALUE`.
public struct FrontEndSettingsSyntaxError: Error, Equatable, CustomStringConvertible {
    public var item: String
    public var problem: String

    public var description: String { "--frontend-option \(item): \(problem); write it as NAME.KEY=VALUE" }
}

private extension String {
    var trimmingWhitespace: String {
        String(drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}
