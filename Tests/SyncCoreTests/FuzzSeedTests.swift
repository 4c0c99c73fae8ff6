@testable import SyncCore
import Domain
import Foundation
import SyncWire
import Testing

/// The fuzzer's seeds (`Fuzz/seeds`, added to its corpus by `scripts/fuzz-datagram`): one datagram of
/// every kind the rule table has, made by the codec from `RuleSamples`, so that every message type and
/// subtype is a base the fuzzer mutates from. `MATERUNNER_WRITE_FUZZ_SEEDS=1` writes them again (after
/// a kind is added); otherwise the test checks that each is there and decodes to its kind.
@Suite("Fuzz seeds: one per message kind")
struct FuzzSeedTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fuzz/seeds")

    /// The seed's file name: `1-progress`, `15-16-offer`.
    static func file(_ rule: MessageRule) -> URL {
        let kind = rule.kind.description.replacingOccurrences(of: "/", with: "-")
        return folder.appendingPathComponent("\(kind)-\(rule.name.replacingOccurrences(of: " ", with: "-"))")
    }

    @Test("a seed for every row of the rule table, each decoding to its kind; no other file")
    func onePerKind() throws {
        let sender = RunnerID(rawValue: 0xC3), receiver = RunnerID(rawValue: 0xA1)
        if ProcessInfo.processInfo.environment["MATERUNNER_WRITE_FUZZ_SEEDS"] == "1" {
            try FileManager.default.createDirectory(at: Self.folder, withIntermediateDirectories: true)
            for rule in MessageRule.table {
                let message = try RuleSamples.message(rule.kind, from: sender, to: receiver)
                try Data(SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: 3, message: message))).write(to: Self.file(rule))
            }
        }
        for rule in MessageRule.table {
            let bytes = try [UInt8](Data(contentsOf: Self.file(rule)))
            #expect(MessageKind(try SyncDatagramCodec.decode(bytes).message) == rule.kind, "\(Self.file(rule).lastPathComponent)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(files == MessageRule.table.map { Self.file($0).lastPathComponent }.sorted())
    }
}
