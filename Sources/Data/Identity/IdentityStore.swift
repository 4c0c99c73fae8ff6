import Domain
import Foundation
import Synchronization
import SyncWire

/// This device's identity keys in `identity.json` of the data directory (mode 0600): made on first
/// use, read afterwards. A damaged file, or one other users can read, is an `IdentityStoreError` that
/// says what to do; it is never replaced silently (that would break every pairing).
public final class IdentityStore: DeviceIdentityRepository {
    /// The file's name in the data directory.
    public static let fileName = "identity.json"

    private let file: SecretFile
    private let cached = Mutex<DeviceKeys?>(nil)

    /// The store in `directory` (usually `DataDirectory.resolve()`).
    public init(directory: URL) {
        file = SecretFile(url: directory.appendingPathComponent(Self.fileName))
    }

    /// Where the keys are kept.
    public var path: String { file.path }

    /// The private keys: read, or made and written on first use.
    public func keys() throws(IdentityStoreError) -> DeviceKeys {
        if let keys = cached.withLock({ $0 }) { return keys }
        let keys: DeviceKeys
        if let data = try file.read() {
            keys = try Self.decode(data, path: file.path)
        } else {
            keys = DeviceKeys.generate()
            try file.write(try Self.encode(keys, path: file.path))
        }
        cached.withLock { $0 = keys }
        return keys
    }

    /// This device's public identity (see `DeviceIdentityRepository`).
    public func identity() throws -> MateIdentity {
        try keys().identity
    }

    /// The file's layout: version 1, both private keys in base64.
    struct Stored: Codable {
        var version: Int
        var signing: String
        var agreement: String
    }

    static func encode(_ keys: DeviceKeys, path: String) throws(IdentityStoreError) -> Data {
        let stored = Stored(
            version: 1, signing: Data(keys.signingSecret).base64EncodedString(),
            agreement: Data(keys.agreementSecret).base64EncodedString()
        )
        do { return try JSONEncoder().encode(stored) } catch { throw .unusable(path: path, reason: "\(error)") }
    }

    static func decode(_ data: Data, path: String) throws(IdentityStoreError) -> DeviceKeys {
        let stored: Stored
        do { stored = try JSONDecoder().decode(Stored.self, from: data) } catch {
            throw .corrupt(path: path, reason: "not an identity file")
        }
        guard stored.version == 1 else { throw .corrupt(path: path, reason: "identity file version \(stored.version), this build reads 1") }
        guard let signing = Data(base64Encoded: stored.signing), let agreement = Data(base64Encoded: stored.agreement),
              let keys = try? DeviceKeys(signingSecret: [UInt8](signing), agreementSecret: [UInt8](agreement))
        else { throw .corrupt(path: path, reason: "the keys are not valid") }
        return keys
    }
}
