import Data
import Domain
import Testing

/// DNS-SD TXT record data (RFC 6763 §6): length-prefixed `key=value` strings.
@Suite("TXTRecord")
struct TXTRecordTests {
    @Test("our record round-trips")
    func roundTrip() {
        let pairs = ["v": "1", "id": "0123456789abcdef", "name": "Žan 🏃", "state": "free"]
        #expect(TXTRecord.decode(TXTRecord.encode(pairs)) == pairs)
    }

    @Test("encoding is length-prefixed and sorted by key, so it is the same on every run")
    func encodingLayout() {
        let bytes = TXTRecord.encode(["v": "1", "id": "ab"])
        #expect(bytes == [5] + Array("id=ab".utf8) + [3] + Array("v=1".utf8))
        #expect(TXTRecord.encode([:]).isEmpty)
    }

    @Test("an empty value is encoded as key= and decoded as empty")
    func emptyValue() {
        #expect(TXTRecord.encode(["state": ""]) == [6] + Array("state=".utf8))
        #expect(TXTRecord.decode(TXTRecord.encode(["state": ""])) == ["state": ""])
    }

    @Test("a string longer than 255 bytes is cut to 255")
    func longValueIsCut() {
        let bytes = TXTRecord.encode(["k": String(repeating: "x", count: 300)])
        #expect(bytes.count == 256)
        #expect(bytes[0] == 255)
        #expect(TXTRecord.decode(bytes)["k"]?.count == 253)
    }

    @Test("a key without '=' is present with an empty value (RFC 6763 §6.4 boolean attribute)")
    func booleanAttribute() {
        #expect(TXTRecord.decode([4] + Array("busy".utf8)) == ["busy": ""])
    }

    @Test("only the first '=' separates key and value")
    func equalsInValue() {
        #expect(TXTRecord.decode([7] + Array("a=b=c=d".utf8)) == ["a": "b=c=d"])
    }

    @Test("keys are case-insensitive: lowercased, and the first of a repeated key wins")
    func keysLowercasedFirstWins() {
        let bytes = [6] + Array("Name=A".utf8) + [6] + Array("NAME=B".utf8) + [3] + Array("v=1".utf8)
        #expect(TXTRecord.decode(bytes) == ["name": "A", "v": "1"])
    }

    @Test("an entry with an empty key is skipped, the rest is kept")
    func emptyKey() {
        let bytes = [4] + Array("=bad".utf8) + [3] + Array("v=1".utf8)
        #expect(TXTRecord.decode(bytes) == ["v": "1"])
    }

    @Test("malformed input: a length past the end stops decoding, keeping what came before")
    func truncated() {
        let good = [3] + Array("v=1".utf8)
        #expect(TXTRecord.decode(good + [10] + Array("id=ab".utf8)) == ["v": "1"])
        #expect(TXTRecord.decode(good + [200]) == ["v": "1"])
        #expect(TXTRecord.decode([255]).isEmpty)
    }

    @Test("a zero-length string (the empty record) decodes to nothing")
    func emptyRecord() {
        #expect(TXTRecord.decode([]).isEmpty)
        #expect(TXTRecord.decode([0]).isEmpty)
    }

    @Test("invalid UTF-8 never crashes: it is decoded with replacement characters")
    func invalidUTF8() {
        let decoded = TXTRecord.decode([5, 0x6E, 0x3D, 0xFF, 0xFE, 0x41])
        #expect(decoded["n"] == "\u{FFFD}\u{FFFD}A")
    }

    @Test("random bytes never crash the decoder")
    func randomBytes() {
        var random = SplitMix64(seed: 77)
        for _ in 0..<10_000 {
            let bytes = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let decoded = TXTRecord.decode(bytes)
            #expect(decoded.keys.allSatisfy { !$0.isEmpty && $0 == $0.lowercased() })
        }
    }
}
