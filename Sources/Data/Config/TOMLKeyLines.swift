import TOMLKit

/// The line on which each key of a TOML document is written, for messages that point at a key. TOMLKit
/// gives positions of syntax errors only, so each statement is handed to TOMLKit alone: a table header
/// (`[profiles.pi]`) sets the current table, and a key line (with the lines that continue its value, as a
/// list spread over several lines) gives its key's full path. No TOML is parsed here by hand.
struct TOMLKeyLines {
    private var lines: [[String]: Int] = [:]

    init(_ text: String) {
        let source = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var table: [String] = []
        var index = 0
        while index < source.count {
            let trimmed = source[index].drop { $0 == " " || $0 == "\t" }
            guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { index += 1; continue }
            // The statement: this line and as many next ones as its value needs (at most 200).
            var end = index
            var parsed: TOMLTable?
            while parsed == nil, end < min(source.count, index + 200) {
                parsed = try? TOMLTable(string: source[index...end].joined(separator: "\n"))
                if parsed == nil { end += 1 }
            }
            guard let parsed else { index += 1; continue }
            let paths = Self.paths(in: parsed)
            if trimmed.hasPrefix("[") {
                table = paths.max { $0.count < $1.count } ?? []
                record(table, line: index + 1)
            } else {
                for path in paths { record(table + path, line: index + 1) }
            }
            index = end + 1
        }
    }

    /// The line of the key at `path` (1-based), if it was seen.
    func line(of path: [String]) -> Int? {
        lines[path]
    }

    private mutating func record(_ path: [String], line: Int) {
        if lines[path] == nil { lines[path] = line }
    }

    /// Every key path in `table`, inner tables' keys and the tables themselves included.
    private static func paths(in table: TOMLTable) -> [[String]] {
        table.keys.flatMap { key -> [[String]] in
            guard let inner = table[key]?.table else { return [[key]] }
            return [[key]] + paths(in: inner).map { [key] + $0 }
        }
    }
}
