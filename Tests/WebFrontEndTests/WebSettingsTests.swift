import FrontEndKit
import Testing
import WebFrontEndCore

@Suite("Web front-end: settings and control token")
struct WebSettingsTests {
    private func settings(_ values: [String: String]) throws(FrontEndSettingError) -> WebSettings {
        try WebSettings(FrontEndOptions(settings: values))
    }

    @Test("defaults: every interface, port 8047, QR code on a terminal")
    func defaults() throws {
        let parsed = try settings([:])
        #expect(parsed.host == "0.0.0.0" && parsed.port == 8047 && parsed.qr == .auto && parsed.publicHost == nil)
        #expect(parsed.listensEverywhere)
    }

    @Test("listen takes IPv4, names and bracketed IPv6", arguments: [
        ("127.0.0.1:0", "127.0.0.1", 0), ("board.local:9000", "board.local", 9000), ("[::]:8047", "::", 8047), ("[::1]:65535", "::1", 65535),
    ])
    func listen(text: String, host: String, port: Int) throws {
        let parsed = try settings(["listen": text])
        #expect(parsed.host == host && parsed.port == port)
    }

    @Test("a bad listen value is an error naming it and showing the form", arguments: ["8047", "host:", ":8047", "a:70000", "::1:80", "[::1]80", "h:-1", "h:8a"])
    func badListen(text: String) {
        let error = #expect(throws: FrontEndSettingError.self) { try settings(["listen": text]) }
        #expect(error?.description.hasPrefix("--frontend-option web.listen=\(text): not ADDRESS:PORT") == true)
    }

    @Test("an unknown key names it and lists the known ones; qr takes auto, on or off")
    func unknownKey() {
        let error = #expect(throws: FrontEndSettingError.self) { try settings(["port": "80"]) }
        #expect(error?.description.contains("web.port=80: unknown option; the web front-end knows listen (") == true)
        #expect(error?.description.contains("public-host (") == true)
        #expect(throws: FrontEndSettingError.self) { try settings(["qr": "yes"]) }
        #expect(throws: FrontEndSettingError.self) { try settings(["public-host": "http://x/"]) }
        #expect((try? settings(["qr": "off", "public-host": "192.168.1.20"]))?.publicHost == "192.168.1.20")
    }

    @Test("control tokens: 32 hex digits, never the same twice, matching only themselves")
    func tokens() {
        let tokens = (0..<50).map { _ in ControlToken() }
        #expect(Set(tokens.map(\.text)).count == 50)
        #expect(tokens.allSatisfy { $0.text.count == 32 && $0.text.allSatisfy(\.isHexDigit) })
        let token = ControlToken(bytes: Array(0..<16))
        #expect(token.text == "000102030405060708090a0b0c0d0e0f")
        #expect(token.matches("000102030405060708090a0b0c0d0e0f"))
        #expect(!token.matches("000102030405060708090a0b0c0d0e0"))
        #expect(!token.matches("000102030405060708090a0b0c0d0e0f0"))
        #expect(!token.matches("100102030405060708090a0b0c0d0e0f"))
        #expect(!token.matches(""))
    }
}
