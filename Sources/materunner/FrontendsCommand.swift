import Application
import ArgumentParser
import Composition

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
            front-ends you name (text, json, clock, web, a library name found here, or a path) are loaded, to read \
            their descriptors; no instance is created.
            """
    )

    @Argument(help: "Front-ends to load and describe: a shipped name, a library name on the search path, or a path.")
    var names: [String] = []

    func run() throws {
        let flow = FrontEndCatalogFlow(searchPath: .standard(), output: .standardOutput, warnings: .standardError)
        try CommandRunner.end(with: flow.run(names: names))
    }
}
