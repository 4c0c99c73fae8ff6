import Data
import Foundation
import MateRunnerTesting
import Testing

/// The link that sets a phone up in one scan, and its QR code read back by zbar (Debian's zbar-tools).
@Suite("Phone setup: OwnTracks' inline configuration and Traccar's server URL, as QR codes zbarimg reads")
struct PhoneSetupTests {
    static let credentials = PhoneCredentials(
        user: "olive", password: "pw-1", encryptionKey: "key-1", device: "48241179", token: "tok-1")
    /// Every key OwnTracks documents for `_type=configuration` that the setup may use (booklet, JSON).
    static let documentedKeys: Set<String> = [
        "_type", "mode", "url", "auth", "username", "password", "deviceId", "tid", "monitoring", "locatorInterval",
        "locatorDisplacement", "locatorPriority", "adapt", "downgrade", "encryptionKey", "host", "port", "tls",
    ]

    /// What zbarimg reads in `code`'s image, or nil when zbarimg is not installed.
    func scan(_ code: PhoneQRCode) async throws -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zbarimg") else { return nil }
        let image = FileManager.default.temporaryDirectory.appendingPathComponent("phone-qr-\(UUID().uuidString).pgm")
        try code.pgm().write(to: image)
        defer { try? FileManager.default.removeItem(at: image) }
        let zbarimg = URL(fileURLWithPath: "/usr/bin/zbarimg")
        let scan = try await runTool(zbarimg, ["--quiet", "--raw", image.path], quietErrors: true)
        #expect(scan.status == 0)
        return scan.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(
        "OwnTracks: the QR reads as owntracks:///config?inline=: HTTP and move mode, URL, credentials, documented keys"
    )
    func ownTracks() async throws {
        let setup = PhoneSetup(
            spec: PhoneSourceSpec(app: .ownTracks, port: 47480, encrypted: true), credentials: Self.credentials,
            host: "192.168.1.20")
        let code = try #require(PhoneQRCode(setup.link))
        let scanned = try #require(
            try await scan(code), "zbarimg (zbar-tools) is not installed: scripts/install-system-packages")
        #expect(scanned == setup.link)
        let prefix = "owntracks:///config?inline="
        #expect(scanned.hasPrefix(prefix))
        let json = try #require(Data(base64Encoded: String(scanned.dropFirst(prefix.count))))
        let configuration = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(configuration.keys).isSubset(of: Self.documentedKeys), "\(configuration.keys.sorted())")
        #expect(configuration["_type"] as? String == "configuration")
        #expect(configuration["mode"] as? Int == 3)
        #expect(configuration["url"] as? String == "http://192.168.1.20:47480/owntracks")
        #expect(configuration["auth"] as? Bool == true)
        #expect(configuration["username"] as? String == "olive")
        #expect(configuration["password"] as? String == "pw-1")
        #expect(configuration["monitoring"] as? Int == 2)
        #expect(configuration["locatorInterval"] as? Int == 10)
        #expect(configuration["encryptionKey"] as? String == "key-1")
        let plain = PhoneSetup(
            spec: PhoneSourceSpec(app: .ownTracks, port: 47480), credentials: Self.credentials, host: "192.168.1.20")
        #expect(plain.ownTracksConfiguration["encryptionKey"] == nil)
    }

    @Test("OwnTracks over MQTT: the QR sets MQTT mode, the broker, USER and DEVICE, move mode and the key; no password")
    func ownTracksBroker() async throws {
        var setup = PhoneSetup(
            spec: .ownTracksBroker(user: "mia", device: "phone", encrypted: true), credentials: Self.credentials,
            host: "")
        setup.broker = BrokerURL(host: "broker.example.org", port: 8883, user: "mia-runner", tls: true)
        let code = try #require(PhoneQRCode(setup.link))
        let scanned = try #require(
            try await scan(code), "zbarimg (zbar-tools) is not installed: scripts/install-system-packages")
        let prefix = "owntracks:///config?inline="
        let json = try #require(Data(base64Encoded: String(scanned.dropFirst(prefix.count))))
        let configuration = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        #expect(Set(configuration.keys).isSubset(of: Self.documentedKeys), "\(configuration.keys.sorted())")
        #expect(configuration["mode"] as? Int == 0)
        #expect(configuration["host"] as? String == "broker.example.org")
        #expect(configuration["port"] as? Int == 8883)
        #expect(configuration["tls"] as? Bool == true)
        #expect(configuration["username"] as? String == "mia")
        #expect(configuration["deviceId"] as? String == "phone")
        #expect(configuration["password"] == nil)
        #expect(configuration["monitoring"] as? Int == 2)
        #expect(configuration["encryptionKey"] as? String == "key-1")
        #expect(setup.lines.contains { $0.contains("broker password of mia") })
    }

    @Test(
        "Traccar Client: the QR reads as the server URL, token in its path; the device id is printed to type in"
    )
    func traccar() async throws {
        let setup = PhoneSetup(
            spec: PhoneSourceSpec(app: .traccar, port: 47481), credentials: Self.credentials, host: "10.0.0.7")
        let code = try #require(PhoneQRCode(setup.link))
        let scanned = try #require(
            try await scan(code), "zbarimg (zbar-tools) is not installed: scripts/install-system-packages")
        #expect(scanned == "http://10.0.0.7:47481/traccar/tok-1")
        #expect(setup.lines.contains { $0.contains("device identifier 48241179") })
        // The terminal drawing has the code's rows, two a line, in a quiet zone.
        #expect(setup.lines.count > code.size / 2)
    }

    @Test("A spec of every address advertises an address a phone can reach, never 0.0.0.0")
    func reachableHost() {
        #expect(PhoneSetup.reachableHost(listeningOn: "127.0.0.1") == "127.0.0.1")
        #expect(PhoneSetup.reachableHost(listeningOn: "0.0.0.0") != "0.0.0.0")
    }
}
