import ArgumentParser
import Foundation
import FrontEndKit
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--frontend`: which front-ends draw the run.
struct FrontEndOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("frontend"),
        help: ArgumentHelp(
            "Front-ends to load, comma-separated: text, json, or a path to a front-end library.",
            valueName: "LIST"
        )
    )
    var frontEnds: String = "text"

    var specs: [String] {
        frontEnds.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("--frontend needs at least one front-end, such as text or json") }
    }

    /// Loads every front-end, or throws a usage error naming the file and the reason.
    func loadAll(into host: FrontEndHost) throws {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let options = FrontEndOptions(
            outputFD: STDOUT_FILENO,
            isTerminal: isTerminal,
            color: isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
            columns: Self.terminalColumns()
        )
        for spec in specs {
            do {
                try host.load(spec, options: options)
            } catch {
                throw CLIError.usage("\(error)")
            }
        }
    }

    private static func terminalColumns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
