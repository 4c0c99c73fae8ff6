import Domain
import FrontEndHosting
import Presentation

/// `materunner frontends [NAME...]`: the search path and the front-end libraries on it, listed without
/// loading any (a library's code never runs by being listed); the front-ends named are loaded to show
/// their names, versions and ABI versions.
public struct FrontEndCatalogFlow: Sendable {
    let searchPath: FrontEndSearchPath
    /// What the person reads (standard output).
    let output: LineOutput
    /// Warnings about the search path (standard error).
    let warnings: LineOutput

    /// A catalog of `searchPath`, written to `output`, its warnings to `warnings`.
    public init(searchPath: FrontEndSearchPath, output: LineOutput, warnings: LineOutput) {
        self.searchPath = searchPath
        self.output = output
        self.warnings = warnings
    }

    /// Lists the search path and the libraries on it, or describes each of `names` (loading it);
    /// returns the command's exit status: 0, or 64 (`Fault.usage`) when a named front-end could not be
    /// found or loaded.
    public func run(names: [String]) -> Int32 {
        catalog(names: names) ? 0 : Fault.usage.exitStatus
    }

    /// Lists or describes; returns false when a named front-end could not be found or loaded.
    func catalog(names: [String]) -> Bool {
        for warning in searchPath.warnings { warnings.write("warning: \(warning.logSafe)") }
        output.write("Search path:")
        output.write(searchPath.directories.map { "  \($0)" })
        guard names.isEmpty else { return describe(names) }
        let found = searchPath.describeAll()
        guard !found.isEmpty else {
            output.write("No front-end libraries found.")
            return true
        }
        output.write("Libraries (not loaded; `materunner frontends NAME` loads one to show its version):")
        output.write(found.map { "  \($0.line)" })
        return true
    }

    /// Loads each of `names` and writes its line.
    private func describe(_ names: [String]) -> Bool {
        output.write("Front-ends (this materunner speaks ABI version \(FrontEndHost.abiVersion)):")
        var succeeded = true
        for name in names {
            do {
                let description = try searchPath.describe(name)
                output.write("  \(description.line)")
                succeeded = succeeded && description.isLoadable
            } catch {
                output.write("  \(name): \(error)")
                succeeded = false
            }
        }
        return succeeded
    }
}
