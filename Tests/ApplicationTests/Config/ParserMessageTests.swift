import Application
import Testing

@Suite("The parser's error messages in the house style")
struct ParserMessageTests {
    @Test("the parser's error becomes materunner: error: …, its usage lines kept, trailing newlines gone")
    func houseStyle() {
        let full = "Error: Unknown option '--speed'\nUsage: materunner run [--name <name>]\n  See 'materunner run --help' for more information.\n\n"
        #expect(ParserMessage.houseStyle(full)
            == "materunner: error: Unknown option '--speed'\nUsage: materunner run [--name <name>]\n  See 'materunner run --help' for more information.")
        #expect(ParserMessage.houseStyle("materunner: error: already ours") == nil)
        #expect(ParserMessage.houseStyle("OVERVIEW: help text") == nil)
    }

    @Test("the problem alone, to name beside a setting")
    func problem() {
        #expect(ParserMessage.problem(in: "Error: The value '5000' is invalid for '--speedup <speedup>'")
            == "The value '5000' is invalid for '--speedup <speedup>'")
        #expect(ParserMessage.problem(in: "no prefix") == "no prefix")
    }
}
