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

    @Test("32 bytes of UTF-8 are accepted, 33 are not")
    func lengthInBytes() throws {
        let ascii32 = String(repeating: "a", count: 32)
        #expect(try Runner.validate(name: ascii32) == ascii32)
        #expect(throws: RunnerNameError.tooLong(bytes: 33)) { try Runner.validate(name: ascii32 + "b") }
        let twoByte16 = String(repeating: "Ž", count: 16)
        #expect(try Runner.validate(name: twoByte16) == twoByte16)
        #expect(throws: RunnerNameError.tooLong(bytes: 34)) { try Runner.validate(name: twoByte16 + "Ž") }
        // 11 characters, but 33 bytes.
        #expect(throws: RunnerNameError.tooLong(bytes: 33)) { try Runner.validate(name: String(repeating: "€", count: 11)) }
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
        #expect(RunnerNameError.tooLong(bytes: 40).description.contains("40 bytes"))
        #expect(RunnerNameError.tooLong(bytes: 40).description.contains("32"))
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
