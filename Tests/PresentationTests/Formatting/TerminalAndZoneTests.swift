import Foundation
import Presentation
import Testing

@Suite("What the terminal and the environment ask for")
struct TerminalAndZoneTests {
    @Test("a terminal redraws in colour; TERM=dumb gets plain lines; NO_COLOR (not empty) drops colour only; a pipe neither")
    func traits() {
        #expect(TerminalTraits(isTTY: true, environment: ["TERM": "xterm-256color"]) == .init(isTTY: true, environment: [:]))
        let terminal = TerminalTraits(isTTY: true, environment: ["TERM": "xterm"])
        #expect(terminal.redrawsInPlace && terminal.color)
        let dumb = TerminalTraits(isTTY: true, environment: ["TERM": "dumb"])
        #expect(!dumb.redrawsInPlace && !dumb.color)
        let noColor = TerminalTraits(isTTY: true, environment: ["TERM": "xterm", "NO_COLOR": "1"])
        #expect(noColor.redrawsInPlace && !noColor.color)
        #expect(TerminalTraits(isTTY: true, environment: ["NO_COLOR": ""]).color)
        let pipe = TerminalTraits(isTTY: false, environment: ["TERM": "xterm"])
        #expect(!pipe.redrawsInPlace && !pipe.color)
    }

    @Test("clock's zones start with the local one: TZ when it names a zone (also as :ZONE), else the system's")
    func localZoneFirst() throws {
        let system = try #require(TimeZone(identifier: "America/Chicago"))
        #expect(TimeZoneList.standard(environment: ["TZ": "Europe/Oslo"], system: system) == "Europe/Oslo,Europe/Paris,Asia/Seoul,UTC")
        #expect(TimeZoneList.standard(environment: ["TZ": ":Asia/Seoul"], system: system) == "Asia/Seoul,Europe/Paris,UTC")
        #expect(TimeZoneList.standard(environment: ["TZ": "Mars/Base"], system: system) == "America/Chicago,Europe/Paris,Asia/Seoul,UTC")
        #expect(TimeZoneList.standard(environment: [:], system: system) == "America/Chicago,Europe/Paris,Asia/Seoul,UTC")
        #expect(try TimeZoneList.parse(TimeZoneList.standard(environment: ["TZ": "Europe/Oslo"], system: system)).first?.identifier == "Europe/Oslo")
    }
}
