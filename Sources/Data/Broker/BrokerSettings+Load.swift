import Foundation

extension BrokerSettings {
    /// The settings `--broker URL`, `--broker-ca FILE` and `--broker-password-file FILE` (or the config
    /// file's keys) give: the URL parsed, the password read from the file's first line (never from the
    /// command line), the CA file checked to be readable.
    public static func load(url text: String, caFile: String?, passwordFile: String?) throws(BrokerError) -> BrokerSettings {
        let url = try BrokerURL(parsing: text)
        var password: String?
        if let passwordFile {
            let line: String
            do {
                line = try SecretFile.firstLine(of: passwordFile)
            } catch {
                throw .cannotReadPassword(path: passwordFile, reason: (error as NSError).localizedDescription)
            }
            guard !line.isEmpty else { throw .cannotReadPassword(path: passwordFile, reason: "its first line is empty") }
            password = line
        }
        if let caFile, !FileManager.default.isReadableFile(atPath: caFile) {
            throw .tlsFailed(url, caFile: caFile, reason: "the CA file cannot be read")
        }
        if caFile != nil, !url.tls {
            throw .badURL(text, reason: "--broker-ca is for mqtts:// (TLS); this URL is mqtt://")
        }
        if password != nil, url.user == nil {
            throw .badURL(text, reason: "a password file was given but no user: mqtt://USER@HOST")
        }
        return BrokerSettings(url: url, password: password, caFile: caFile)
    }

    /// One line saying what to do when the group or other users may read or write the password file at
    /// `path` (`SecretFile`, as for `--race-key-file`); nil when only its owner can.
    public static func passwordFileWarning(_ path: String) -> String? {
        SecretFile.permissionWarning(forFile: path, naming: "the broker password file")
    }
}
