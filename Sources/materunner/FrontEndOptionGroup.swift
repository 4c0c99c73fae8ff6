import Application
import ArgumentParser
import Foundation
import FrontEndHosting
import Presentation

/// `--frontend`, `--json-out` and `--frontend-option`: which front-ends draw the command's screens,
/// where the JSON stream goes, and the front-ends' own settings. Each command has its own default
/// front-end (`text`, or `clock` for `materunner clock`).
struct FrontEndOptionGroup: ParsableArguments {
    @Option(
        name: .customLong("frontend"),
        help: ArgumentHelp(
            "Front-ends to load, comma-separated: text, json, clock, audio, web, or a path to a front-end library (default: text; clock for the clock command).",
            valueName: "LIST"
        )
    )
    var frontEnds: String?

    @Option(
        name: .customLong("json-out"),
        help: ArgumentHelp(
            "Write the json front-end's stream to FILE (created or truncated) instead of standard output; adds json to --frontend.",
            valueName: "FILE"
        ),
        completion: .file()
    )
    var jsonOut: String?

    @Option(
        name: .customLong("frontend-option"),
        help: ArgumentHelp(
            "A front-end's own setting, as NAME.KEY=VALUE (e.g. web.listen=0.0.0.0:8047); repeat for several. See docs/FRONTENDS.md.",
            valueName: "NAME.KEY=VALUE"
        )
    )
    var settings: [String] = []

    /// The front-ends to load: `--frontend`, else the command's `standard` one; `json` added for `--json-out`.
    func specs(standard: String = "text") -> [String] { FrontEndHost.specs(frontEnds ?? standard, jsonOut: jsonOut) }

    func validate() throws {
        guard !specs().isEmpty else { throw ValidationError("--frontend needs at least one front-end, such as text or json") }
        _ = try Self.parse(settings)
    }

    /// The front-ends loaded (the command's `standard` one unless `--frontend` names others), each writing
    /// to standard output except the json front-end when `--json-out` names a file, each with its
    /// `--frontend-option` settings; or a usage error naming the file and the reason. `spectator` for `watch`.
    func launch(standard: String = "text", spectator: Bool = false) throws -> FrontEndHost {
        let parsed = try Self.parse(settings)
        do {
            return try FrontEndHost.launch(specs(standard: standard), jsonOut: jsonOut, settings: parsed, spectator: spectator)
        } catch { throw FlowError(error, otherwise: .usage) }
    }

    /// The `--frontend-option` items grouped by front-end, or a validation error showing the expected form.
    static func parse(_ settings: [String]) throws -> FrontEndSettings {
        do { return try FrontEndSettings(parsing: settings) } catch { throw ValidationError(error.description) }
    }
}
