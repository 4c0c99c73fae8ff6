import Domain
import Testing

/// `--peer HOST:PORT` values.
@Suite("PeerAddress")
struct PeerAddressTests {
    @Test(
        "HOST:PORT and [IPv6]:PORT parse",
        arguments: [
            ("127.0.0.1:47474", "127.0.0.1", 47474),
            ("laptop.local:1", "laptop.local", 1),
            ("pi:65535", "pi", 65535),
            ("[fe80::1]:47474", "fe80::1", 47474),
            ("[::1]:9", "::1", 9),
            ("  10.250.0.2:47474  ", "10.250.0.2", 47474),
        ]
    )
    func parses(text: String, host: String, port: Int) throws {
        let address = try PeerAddress(parsing: text)
        #expect(address.host == host)
        #expect(address.port == port)
    }

    @Test("the description writes IPv6 hosts in brackets and parses back")
    func description() throws {
        #expect(PeerAddress(host: "fe80::1", port: 47474).description == "[fe80::1]:47474")
        #expect(PeerAddress(host: "laptop.local", port: 47474).description == "laptop.local:47474")
        for text in ["[fe80::1]:47474", "laptop.local:47474", "127.0.0.1:1"] {
            #expect(try PeerAddress(parsing: text).description == text)
        }
    }

    @Test(
        "no port, an empty host or an unbracketed IPv6 address is malformed",
        arguments: ["laptop", "", ":47474", "fe80::1:47474", "[fe80::1]", "[fe80::1]47474", "[]:47474", "[fe80::1", "a:b:c"]
    )
    func malformed(text: String) {
        #expect(throws: PeerAddressError.malformed(text)) { try PeerAddress(parsing: text) }
    }

    @Test(
        "a port that is missing, not a number or outside 1...65535 is refused",
        arguments: ["laptop:", "laptop:0", "laptop:65536", "laptop:-1", "laptop:port", "laptop:47474x", "[::1]:", "[::1]:70000", "laptop: 1"]
    )
    func badPort(text: String) {
        #expect(throws: PeerAddressError.badPort(text)) { try PeerAddress(parsing: text) }
    }

    @Test("refusals show how to write a peer")
    func messages() {
        #expect(PeerAddressError.malformed("x").description.contains("HOST:PORT"))
        #expect(PeerAddressError.malformed("x").description.contains("[fe80::1]:47474"))
        #expect(PeerAddressError.badPort("x:0").description.contains("between 1 and 65535"))
    }
}
