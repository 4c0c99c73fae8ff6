import Foundation
import FrontEndKit
import Presentation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FrontEndHost {
    /// The front-ends a comma-separated `--frontend` list names, trimmed, without empty items, with
    /// `json` added when `--json-out` (`jsonOut`) is given and the list has no json stream of its own.
    public static func specs(_ list: String, jsonOut: String?) -> [String] {
        var specs = list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if jsonOut != nil, !specs.contains(where: isJSONStream) { specs.append("json") }
        return specs
    }

    /// A host with the front-ends `specs` loaded, as a command starts them: each draws on standard
    /// output (a terminal's size and colours, unless `NO_COLOR`) and reads keys from standard input,
    /// except the json front-end when `jsonOut` names a file (created or truncated) for its stream.
    /// At most one front-end may write to standard output (two would interleave); the shipped ones that
    /// never do (`FrontEndSearchPath.offStandardOutput`: audio, web) do not count. Each gets its
    /// `settings` (`--frontend-option`); settings for a front-end not among `specs` are an error.
    /// `spectator` (watch) tells them this program takes no part in the race: nothing to control.
    /// Throws a `FrontEndLoadError` naming the file and the reason.
    public static func launch(
        _ specs: [String], jsonOut: String?, settings: FrontEndSettings = .none, spectator: Bool = false
    ) throws(FrontEndLoadError) -> FrontEndHost {
        let onStandardOutput = specs.filter { (jsonOut == nil || !isJSONStream($0)) && !leavesStandardOutput($0) }
        guard onStandardOutput.count <= 1 else { throw .sharedOutput(onStandardOutput) }
        let terminal = TerminalTraits(isTTY: isatty(STDOUT_FILENO) == 1, environment: ProcessInfo.processInfo.environment)
        let standard = FrontEndOptions(
            outputFD: STDOUT_FILENO, isTerminal: terminal.redrawsInPlace, color: terminal.color,
            columns: TerminalSize.columns(of: STDOUT_FILENO), inputFD: STDIN_FILENO, spectator: spectator
        )
        let jsonFD = try jsonOut.map(openForWriting)
        let host = FrontEndHost()
        for spec in specs {
            var options = standard
            if let jsonFD, isJSONStream(spec) {
                options = FrontEndOptions(
                    outputFD: jsonFD, isTerminal: false, color: false, columns: nil, inputFD: nil, spectator: spectator
                )
            }
            do { try host.load(spec, options: options, settings: settings) } catch {
                host.shutdown()
                throw error
            }
            if options.isTerminal, options.outputFD == STDOUT_FILENO, !isJSONStream(spec), !leavesStandardOutput(spec) {
                host.terminalOwned.withLock { $0 = true }
            }
        }
        let loaded = host.loaded
        if let name = settings.unclaimed(by: loaded.map { ($0.name, $0.spec) }).first {
            host.shutdown()
            throw .settingsForUnloaded(name: name, loaded: loaded.map(\.name))
        }
        return host
    }

    /// Whether `spec` names the shipped JSON stream front-end, by name or by the path of its library.
    public static func isJSONStream(_ spec: String) -> Bool {
        FrontEndSearchPath.shippedName(of: spec) == "json"
    }

    /// Whether `spec` names a shipped front-end that never writes to standard output, by name or by the
    /// path of its library.
    public static func leavesStandardOutput(_ spec: String) -> Bool {
        FrontEndSearchPath.shippedName(of: spec).map(FrontEndSearchPath.offStandardOutput.contains) ?? false
    }

    /// Opens `path` for the JSON stream; the descriptor stays open until the process ends. A new file is
    /// its owner's only (0600, as the records are): it holds the runners' names and positions. An
    /// existing file keeps its mode.
    private static func openForWriting(_ path: String) throws(FrontEndLoadError) -> Int32 {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw .cannotWriteStream(path: path, reason: String(cString: strerror(errno))) }
        return fd
    }
}
