import Data
import Domain
import Foundation
import SyncWire
import Testing

/// The device identity and the known mates on disk: made on first use, the same after a reload, kept
/// 0600, and a damaged or too open file refused with a message that says what to do (never a crash).
@Suite("Identity store and known mates")
struct IdentityStoreTests {
    private func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("identity-\(UUID().uuidString)", isDirectory: true)
    }

    private func mode(_ path: String) throws -> Int {
        try #require((FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue) & 0o777
    }

    @Test("an identity is made on first use, kept 0600, and read back the same by a new store")
    func createAndReload() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = IdentityStore(directory: directory)
        let first = try store.identity()
        #expect(first.signingKey.count == 32 && first.agreementKey.count == 32)
        #expect(first.fingerprint.count == 19 && first.fingerprint.split(separator: "-").count == 4)
        #expect(try mode(store.path) == 0o600)
        #expect(try IdentityStore(directory: directory).identity() == first)
        #expect(try IdentityStore(directory: folder()).identity() != first)
    }

    @Test("a damaged identity file is refused, saying to move it away; never replaced silently")
    func corrupt() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = IdentityStore(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for contents in ["not json", #"{"version":1,"signing":"AAAA","agreement":"AAAA"}"#, #"{"version":9,"signing":"","agreement":""}"#] {
            _ = FileManager.default.createFile(atPath: store.path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
            #expect {
                try IdentityStore(directory: directory).identity()
            } throws: { error in
                "\(error)".contains(store.path) && "\(error)".contains("move it away")
            }
            #expect(try String(contentsOfFile: store.path, encoding: .utf8) == contents)
        }
    }

    @Test("an identity file other users can read is refused, saying to chmod 600")
    func tooOpen() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = IdentityStore(directory: directory)
        _ = try store.identity()
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: store.path)
        #expect(throws: IdentityStoreError.tooOpen(path: store.path, mode: 0o644)) { try IdentityStore(directory: directory).keys() }
        #expect("\(IdentityStoreError.tooOpen(path: store.path, mode: 0o644))".contains("chmod 600 \(store.path)"))
    }

    @Test("known mates: remembered 0600, the same identity replaced, read back, forgotten by name (any case)")
    func knownMates() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = KnownMatesStore(directory: directory)
        #expect(try store.all().isEmpty)
        let alice = DeviceKeys.generate().identity, bob = DeviceKeys.generate().identity
        let date = Date(timeIntervalSince1970: 1_800_000_000)
        try store.remember(KnownMate(name: "alice", identity: alice, pairedAt: date))
        try store.remember(KnownMate(name: "bob", identity: bob, pairedAt: date))
        try store.remember(KnownMate(name: "Alice", identity: alice, pairedAt: date.addingTimeInterval(60)))
        #expect(try mode(store.path) == 0o600)
        let reloaded = try KnownMatesStore(directory: directory).all()
        #expect(reloaded.map(\.name) == ["bob", "Alice"])
        #expect(reloaded.last == KnownMate(name: "Alice", identity: alice, pairedAt: date.addingTimeInterval(60)))
        #expect(try store.mate(with: bob)?.name == "bob")
        #expect(try store.forget(name: "ALICE") == 1)
        #expect(try store.forget(name: "carol") == 0)
        #expect(try KnownMatesStore(directory: directory).all().map(\.name) == ["bob"])
    }

    @Test("a damaged known-mates file is refused with its path and what to do")
    func corruptMates() throws {
        let directory = folder()
        defer { try? FileManager.default.removeItem(at: directory) }
        let store = KnownMatesStore(directory: directory)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let bad = #"{"version":1,"mates":[{"name":"x","identity":"mr1:AAAA","pairedAt":"2027-01-01T00:00:00Z"}]}"#
        for contents in ["[", bad] {
            _ = FileManager.default.createFile(atPath: store.path, contents: Data(contents.utf8), attributes: [.posixPermissions: 0o600])
            #expect { try store.all() } throws: { "\($0)".contains(store.path) && "\($0)".contains("move it away") }
        }
    }

    @Test("an identity's text round-trips; fingerprints are stable and differ per device")
    func identityText() throws {
        let keys = DeviceKeys.generate()
        let parsed = try #require(MateIdentity.keys(fromText: keys.identity.text))
        #expect(IdentityFingerprint.identity(signingKey: parsed.signing, agreementKey: parsed.agreement) == keys.identity)
        #expect(MateIdentity.keys(fromText: "mr1:AAAA") == nil)
        #expect(MateIdentity.keys(fromText: "ssh-ed25519 AAAA") == nil)
        let again = try DeviceKeys(signingSecret: keys.signingSecret, agreementSecret: keys.agreementSecret)
        #expect(again.identity.fingerprint == keys.identity.fingerprint)
        #expect(DeviceKeys.generate().identity.fingerprint != keys.identity.fingerprint)
    }
}
