import Data
import Foundation
import Testing

/// `--broker-password-file`: its first line is the password, and a file other users can read or change is
/// warned about in the words used for `--race-key-file` (one check, `SecretFile`'s).
@Suite("Broker password file")
struct BrokerPasswordFileTests {
    @Test("the password is the first line; other users reading or changing the file: one warning, 0600 and 0400: none")
    func passwordFile() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("broker-password-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data("s3cret\r\nsecond line".utf8).write(to: url)
        let settings = try BrokerSettings.load(url: "mqtt://mia@127.0.0.1", caFile: nil, passwordFile: url.path)
        #expect(settings.password == "s3cret")
        for (mode, expected) in [
            (0o644, "can be read by other users (mode 0644): run chmod 600 \(url.path)"),
            (0o604, "can be read by other users (mode 0604): run chmod 600 \(url.path)"),
            (0o620, "can be changed by other users (mode 0620): run chmod 600 \(url.path)"),
        ] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
            #expect(BrokerSettings.passwordFileWarning(url.path) == "the broker password file \(url.path) \(expected)")
        }
        for mode in [0o600, 0o400] {
            try FileManager.default.setAttributes([.posixPermissions: mode], ofItemAtPath: url.path)
            #expect(BrokerSettings.passwordFileWarning(url.path) == nil)
        }
        #expect(BrokerSettings.passwordFileWarning("/nonexistent/broker-password") == nil)
    }
}
