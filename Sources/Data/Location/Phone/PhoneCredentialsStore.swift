import Foundation

/// The runner's `PhoneCredentials` in its data folder: read when there, made and written (0600, folder
/// 0700, written whole and renamed) when not.
public struct PhoneCredentialsStore: Sendable {
    /// The file.
    public let url: URL

    /// The store in `directory` (the runner's data folder).
    public init(directory: URL) {
        url = directory.appendingPathComponent("phone-credentials.json")
    }

    /// The kept credentials, or new random ones kept from now on. Throws a `SourceError` saying what
    /// to do when the file cannot be read, is readable by others, or is not these credentials.
    public func load() throws(SourceError) -> PhoneCredentials {
        let file = SecretFile(url: url)
        do {
            if let data = try file.read() {
                do { return try JSONDecoder().decode(PhoneCredentials.self, from: data) } catch {
                    throw SourceError.phoneCredentials(
                        path: url.path, reason: "it does not hold a phone's credentials (\(error))")
                }
            }
            let credentials = PhoneCredentials.random()
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try file.write((try? encoder.encode(credentials)) ?? Data())
            return credentials
        } catch let error as IdentityStoreError {
            throw SourceError.phoneCredentials(path: url.path, reason: error.description)
        } catch let error as SourceError {
            throw error
        } catch {
            throw SourceError.phoneCredentials(path: url.path, reason: "\(error)")
        }
    }
}
