import Domain
import Foundation
import Synchronization
import SyncWire

/// The known mates in `known-mates.json` of the data directory (mode 0600), like ssh's known_hosts:
/// name → identity public keys and when they were paired. Written whole on every change.
public final class KnownMatesStore: KnownMatesRepository {
    /// The file's name in the data directory.
    public static let fileName = "known-mates.json"

    private let file: SecretFile
    private let lock = Mutex(())

    /// The store in `directory` (usually `DataDirectory.resolve()`).
    public init(directory: URL) {
        file = SecretFile(url: directory.appendingPathComponent(Self.fileName))
    }

    /// Where the mates are kept.
    public var path: String { file.path }

    /// Every known mate, in the order they were paired (none before the file exists).
    public func all() throws -> [KnownMate] {
        try lock.withLock { _ throws(IdentityStoreError) in try load() }
    }

    /// Remembers `mate`, replacing an entry with the same identity.
    public func remember(_ mate: KnownMate) throws {
        try lock.withLock { _ throws(IdentityStoreError) in
            var mates = try load().filter { !$0.identity.isSameDevice(as: mate.identity) }
            mates.append(mate)
            try save(mates)
        }
    }

    /// Forgets every mate called `name`; returns how many.
    public func forget(name: String) throws -> Int {
        try lock.withLock { _ throws(IdentityStoreError) in
            let mates = try load()
            let kept = mates.filter { !$0.isNamed(name) }
            if kept.count != mates.count { try save(kept) }
            return mates.count - kept.count
        }
    }

    /// The file's layout.
    struct Stored: Codable {
        struct Mate: Codable {
            var name: String
            var identity: String
            var pairedAt: Date
        }

        var version: Int
        var mates: [Mate]
    }

    private func load() throws(IdentityStoreError) -> [KnownMate] {
        guard let data = try file.read() else { return [] }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let stored: Stored
        do { stored = try decoder.decode(Stored.self, from: data) } catch {
            throw .corrupt(path: file.path, reason: "not a known-mates file")
        }
        guard stored.version == 1 else { throw .corrupt(path: file.path, reason: "known-mates version \(stored.version), this build reads 1") }
        return try stored.mates.map { mate throws(IdentityStoreError) in
            guard let keys = MateIdentity.keys(fromText: mate.identity),
                  let identity = IdentityFingerprint.identity(signingKey: keys.signing, agreementKey: keys.agreement)
            else { throw .corrupt(path: file.path, reason: "the identity of \(mate.name) is not valid") }
            return KnownMate(name: mate.name, identity: identity, pairedAt: mate.pairedAt)
        }
    }

    private func save(_ mates: [KnownMate]) throws(IdentityStoreError) {
        let stored = Stored(version: 1, mates: mates.map { .init(name: $0.name, identity: $0.identity.text, pairedAt: $0.pairedAt) })
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        do { try file.write(try encoder.encode(stored)) } catch let error as IdentityStoreError { throw error } catch {
            throw .unusable(path: file.path, reason: "\(error)")
        }
    }
}
