import ArgumentParser
import Foundation
import FrontEndKit
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `--frontend` and `--json-out`: which front-ends draw the run, and where the JSON stream goes.
struct FrontEndOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("frontend"),
        help: ArgumentHelp(
            "Front-ends to load, comma-separated: text, json, clock, or a path to a front-end library.",
            valueName: "LIST"
        )
    )
    var frontEnds: String = "text"

    @Option(
        name: .customLong("json-out"),
        help: ArgumentHelp(
            "Write the json front-end's stream to FILE (created or truncated) instead of standard output; adds json to --frontend.",
            valueName: "FILE"
        )
    )
    var jsonOut: String?

    var specs: [String] { Self.specs(frontEnds, jsonOut: jsonOut) }

    func validate() throws {
        guard !specs.isEmpty else { throw ValidationError("--frontend needs at least one front-end, such as text or json") }
    }

    /// Loads every front-end, or throws a usage error naming the file and the reason.
    func loadAll(into host: FrontEndHost) throws {
        try Self.load(specs, jsonOut: jsonOut, into: host)
    }

    /// The comma-separated list, with `json` added when `--json-out` is given without it.
    static func specs(_ list: String, jsonOut: String?) -> [String] {
        var specs = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if jsonOut != nil, !specs.contains(where: isJSON) { specs.append("json") }
        return specs
    }

    /// Loads `specs` into `host`: each writes to standard output, except the json front-end when
    /// `jsonOut` names a file.
    static func load(_ specs: [String], jsonOut: String?, into host: FrontEndHost) throws {
        let isTerminal = isatty(STDOUT_FILENO) == 1
        let standard = FrontEndOptions(
            outputFD: STDOUT_FILENO,
            isTerminal: isTerminal,
            color: isTerminal && ProcessInfo.processInfo.environment["NO_COLOR"] == nil,
            columns: TerminalSize.columns(of: STDOUT_FILENO),
            inputFD: STDIN_FILENO
        )
        let jsonFD = try jsonOut.map(openForWriting)
        for spec in specs {
            var options = standard
            if let jsonFD, isJSON(spec) {
                options = FrontEndOptions(outputFD: jsonFD, isTerminal: false, color: false, columns: nil, inputFD: nil)
            }
            do {
                try host.load(spec, options: options)
            } catch {
                throw CLIError.usage("\(error)")
            }
        }
    }

    private static func isJSON(_ spec: String) -> Bool {
        spec == "json" || spec.hasSuffix("JSONStreamFrontEnd.so") || spec.hasSuffix("JSONStreamFrontEnd.dylib")
    }

    /// Opens `path` for the JSON stream; the descriptor stays open until the process ends.
    private static func openForWriting(_ path: String) throws -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw CLIError.usage("cannot write --json-out \(path): \(String(cString: strerror(errno))); check the folder exists and is writable")
        }
        return fd
    }
}
