import ArgumentParser
import Domain
import Foundation
import Presentation

/// `materunner frontends [NAME...]`: the front-end libraries found on the search path, without loading
/// any of them; with names, those front-ends loaded to show their names, versions and ABI versions.
struct FrontendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frontends",
        abstract: "List the front-end libraries on the search path; load the ones you name to show their versions.",
        discussion: """
            Searched, in order: each absolute folder of $MATERUNNER_FRONTEND_PATH, the folder of this executable \
            (as the system reports it, never the current directory), and ../lib/materunner beside it. Listing \
            loads no library: it reads from each file whether it exports materunner_frontend_entry. Only the \
            front-ends you name (text, json, clock, a library name found here, or a path) are loaded, to read \
            their descriptors; no instance is created.
            """
    )

    @Argument(help: "Front-ends to load and describe: a shipped name, a library name on the search path, or a path.")
    var names: [String] = []

    func run() throws {
        let searchPath = FrontEndSearchPath.standard()
        for warning in searchPath.warnings { FileHandle.standardError.write(Data("warning: \(warning.logSafe)\n".utf8)) }
        print("Search path:")
        for directory in searchPath.directories { print("  \(directory)") }
        if !names.isEmpty { return try describe(names, in: searchPath) }
        let found = searchPath.describeAll()
        if found.isEmpty {
            print("No front-end libraries found.")
            return
        }
        print("Libraries (not loaded; `materunner frontends NAME` loads one to show its version):")
        for description in found { print("  \(description.line)") }
    }

    /// Loads each of `names` and prints its line; exit 64 if any cannot be found or loaded.
    private func describe(_ names: [String], in searchPath: FrontEndSearchPath) throws {
        print("Front-ends (this materunner speaks ABI version \(FrontEndHost.abiVersion)):")
        var failed = false
        for name in names {
            do {
                let description = try searchPath.describe(name)
                print("  \(description.line)")
                failed = failed || !description.isLoadable
            } catch {
                print("  \(name): \(error)")
                failed = true
            }
        }
        if failed { throw ExitCode(64) }
    }
}
