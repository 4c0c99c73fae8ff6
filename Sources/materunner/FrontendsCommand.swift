import ArgumentParser
import Presentation

/// `materunner frontends`: the front-end libraries found on the search path, with their versions.
struct FrontendsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "frontends",
        abstract: "List the front-end libraries on the search path, with their names, versions and ABI versions.",
        discussion: """
            Searched, in order: each folder of $MATERUNNER_FRONTEND_PATH, the folder of this executable, and \
            ../lib/materunner beside it. Each library's descriptor is read without starting the front-end. \
            Names usable with --frontend are the shipped ones (text, json, clock), a library name found here, \
            or a path.
            """
    )

    func run() throws {
        let searchPath = FrontEndSearchPath.standard()
        print("Search path:")
        for directory in searchPath.directories { print("  \(directory)") }
        let found = searchPath.describeAll()
        if found.isEmpty {
            print("No front-end libraries found.")
            return
        }
        print("Front-ends (this materunner speaks ABI version \(FrontEndHost.abiVersion)):")
        for description in found { print("  \(description.line)") }
    }
}
