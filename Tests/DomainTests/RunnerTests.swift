import Domain
import Testing

/// Runner names as typed (1 to 32 UTF-8 bytes, no control characters) and runner ids.
@Suite("Runner")
struct RunnerTests {
    @Test("a plain name is accepted as is")
    func plainName() throws {
        #expect(try Runner.validate(name: "Ana") == "Ana")
        #expect(try Runner.validate(name: "Ana Novak 2") == "Ana Novak 2")
    }

    @Test("surrounding whitespace is trimmed, inner whitespace kept")
    func trims() throws {
        #expect(try Runner.validate(name: "  Ana  ") == "Ana")
        #expect(try Runner.validate(name: "\nAna Novak\t") == "Ana Novak")
    }

    @Test("an empty or blank name is refused", arguments: ["", " ", "   \t\n"])
    func empty(name: String) {
        #expect(throws: RunnerNameError.empty) { try Runner.validate(name: name) }
    }

    @Test("32 characters are accepted, 33 are not; a name past the 32 bytes of the wire is told in characters")
    func lengthInCharacters() throws {
        let ascii32 = String(repeating: "a", count: 32)
        #expect(try Runner.validate(name: ascii32) == ascii32)
        #expect(throws: RunnerNameError.tooLong(characters: 33)) { try Runner.validate(name: ascii32 + "b") }
        let twoByte16 = String(repeating: "Ž", count: 16)
        #expect(try Runner.validate(name: twoByte16) == twoByte16)
        // 17 characters (34 bytes): 16 fit.
        #expect(throws: RunnerNameError.tooWide(characters: 17, fitting: 16)) { try Runner.validate(name: twoByte16 + "Ž") }
        // 11 characters, 33 bytes: 10 fit.
        #expect(throws: RunnerNameError.tooWide(characters: 11, fitting: 10)) { try Runner.validate(name: String(repeating: "€", count: 11)) }
        // A family emoji is one character of 25 bytes.
        #expect(try Runner.validate(name: "👨‍👩‍👧‍👦 x") == "👨‍👩‍👧‍👦 x")
        #expect(throws: RunnerNameError.tooLong(characters: 33)) { try Runner.validate(name: String(repeating: "é", count: 33)) }
    }

    @Test("unicode names are fine", arguments: ["Žan", "李雷", "🏃‍♀️ Ana", "Zoë"])
    func unicode(name: String) throws {
        #expect(try Runner.validate(name: name) == name)
    }

    @Test("control characters inside a name are refused", arguments: ["a\u{7}b", "a\u{0}b", "a\u{1B}[31mb", "a\tb", "a\nb", "a\u{7F}b"])
    func controlCharacters(name: String) {
        #expect(throws: RunnerNameError.controlCharacters) { try Runner.validate(name: name) }
    }

    @Test("refusals say how to fix the name")
    func messages() {
        #expect(RunnerNameError.empty.description.contains("--name"))
        #expect(RunnerNameError.tooLong(characters: 40).description == "the runner name has 40 characters: keep it to 32")
        #expect(RunnerNameError.tooWide(characters: 17, fitting: 16).description.hasSuffix("keep it to 16 characters"))
        #expect(RunnerNameError.controlCharacters.description.contains("control characters"))
    }

    @Test("runner ids show as 16 hex digits and parse back")
    func runnerIDHex() throws {
        #expect(RunnerID(rawValue: 255).description == "00000000000000ff")
        #expect(RunnerID(rawValue: .max).description == "ffffffffffffffff")
        #expect(try #require(RunnerID(hex: "ff")).rawValue == 255)
        #expect(try #require(RunnerID(hex: "00000000000000FF")).rawValue == 255)
        let id = RunnerID(rawValue: 0x0123_4567_89AB_CDEF)
        #expect(RunnerID(hex: id.description) == id)
        #expect(RunnerID(rawValue: 0).description == "0000000000000000")
        #expect(id.description == "0123456789abcdef")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<2_000 {
            let value = UInt64.random(in: 0...UInt64.max, using: &random) >> UInt64.random(in: 0...63, using: &random)
            let padded = String(repeating: "0", count: 16 - String(value, radix: 16).count) + String(value, radix: 16)
            #expect(RunnerID(rawValue: value).description == padded)
        }
    }

    @Test("malformed hex ids are refused", arguments: ["", "xyz", "12345678901234567", "-1", "0x10"])
    func badHex(text: String) {
        #expect(RunnerID(hex: text) == nil)
    }

    @Test("runner ids order by their value")
    func ordering() {
        #expect(RunnerID(rawValue: 1) < RunnerID(rawValue: 2))
        #expect(!(RunnerID(rawValue: 2) < RunnerID(rawValue: 2)))
        #expect(RunnerID.random() != RunnerID.random() || RunnerID.random() != RunnerID.random())
    }
}
