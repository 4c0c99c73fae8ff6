@testable import SyncCore
import Foundation
import SyncWire
import Testing

/// docs/PROTOCOL.md against the rule table (`MessageRule.table`), so that they cannot drift: its message
/// headings (`### 7 invitation: …`, `### 15/2 address echo: …`) name rows of the table under the same
/// names, and its "Message rules" table is the rule table, row for row.
@Suite("Message rules: PROTOCOL.md")
struct MessageRuleDocsTests {
    static func protocolText() throws -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/PROTOCOL.md"), encoding: .utf8)
    }

    /// The messages the headings document: `(kind as numbered, name)`.
    static func headings(in text: String) -> [(kind: String, name: String)] {
        text.split(separator: "\n").compactMap { line -> (String, String)? in
            guard line.hasPrefix("### ") else { return nil }
            let words = line.dropFirst(4).split(separator: " ", maxSplits: 1)
            guard words.count == 2, words[0].allSatisfy({ $0.isNumber || $0 == "/" }), words[0].first?.isNumber == true else { return nil }
            let name = words[1].prefix { $0 != ":" && $0 != "(" }.trimmingCharacters(in: .whitespaces)
            return (String(words[0]), name)
        }
    }

    /// One row of the rule table as the docs write it.
    static func line(_ rule: MessageRule) -> String {
        let tag = switch rule.tag {
        case .none: "none"
        case .race: "race key"
        case .raceOrSpectator: "race or spectator key"
        }
        let sender = switch rule.sender {
        case .anyone: "anyone"
        case .runner: "a runner"
        case .rosterRunner: "a runner (invited: of the roster)"
        case .host: "the host"
        case .invitee: "an invitee"
        case .spectator: "a spectator"
        }
        let phase = switch rule.phase {
        case .any: "any"
        case .paired: "with an identity"
        case .invitedRace: "an invited race"
        }
        let signature = switch rule.signature {
        case .none: "no"
        case .senderIdentity: "sender's identity"
        case .rosterKey: "sender's roster key"
        }
        let lengths = rule.lengths.count == 1 ? "\(rule.lengths.lowerBound)" : "\(rule.lengths.lowerBound) … \(rule.lengths.upperBound)"
        let rate = rule.rate == .cheers ? "cheer rate" : "—"
        let another = rule.aboutAnother ? "yes" : "no"
        let source = rule.validatedSource ? "validated" : "any"
        return "| \(rule.kind) | \(rule.name) | \(tag) | \(sender) | \(another) | \(phase) | \(signature) | \(source) | \(lengths) | \(rate) |"
    }

    @Test("every message heading of PROTOCOL.md is a row of the table under the same name, and no two headings name one message")
    func headings() throws {
        let documented = Self.headings(in: try Self.protocolText())
        let rows = Dictionary(uniqueKeysWithValues: MessageRule.table.map { ($0.kind.description, $0.name) })
        #expect(!documented.isEmpty)
        for heading in documented {
            #expect(rows[heading.kind] == heading.name, "### \(heading.kind) \(heading.name): the table says \(rows[heading.kind] ?? "nothing")")
        }
        #expect(Set(documented.map(\.kind)).count == documented.count, "a message with two headings")
    }

    @Test("the 'Message rules' table of PROTOCOL.md is the rule table, every row, in order")
    func rulesTable() throws {
        let text = try Self.protocolText()
        let section = try #require(text.components(separatedBy: "\n## Message rules\n").dropFirst().first)
        let documented = section.components(separatedBy: "\n## ").first?.split(separator: "\n")
            .filter { $0.hasPrefix("| ") && !$0.hasPrefix("| message") && !$0.hasPrefix("|---") }.map(String.init) ?? []
        let expected = MessageRule.table.map(Self.line)
        #expect(documented == expected, "PROTOCOL.md's 'Message rules' table should be:\n\(expected.joined(separator: "\n"))")
    }
}
