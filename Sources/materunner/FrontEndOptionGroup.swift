import ArgumentParser
import Composition

/// `--frontend`, `--json-out` and `--frontend-option`: which front-ends draw the command's screens,
/// where the JSON stream goes, and the front-ends' own settings. Each command has its own default
/// front-end (`text`, or `clock` for `materunner clock`).
struct FrontEndOptionGroup: ParsableArguments {
    @Option(name: .customLong("frontend"), help: ArgumentHelp(
        "Front-ends to load, comma-separated: text, json, clock, audio, web, or a path to a front-end library (default: text; clock for the clock command).",
        valueName: "LIST"
    ))
    var frontEnds: String?

    @Option(name: .customLong("json-out"), help: ArgumentHelp(
        "Write the json front-end's stream to FILE (created or truncated) instead of standard output; adds json to --frontend.",
        valueName: "FILE"
    ), completion: .file())
    var jsonOut: String?

    @Option(name: .customLong("frontend-option"), help: ArgumentHelp(
        "A front-end's own setting, as NAME.KEY=VALUE (e.g. web.listen=0.0.0.0:8047); repeat for several. See docs/FRONTENDS.md.",
        valueName: "NAME.KEY=VALUE"
    ))
    var settings: [String] = []

    var values: FrontEndOptions { FrontEndOptions(list: frontEnds, jsonOut: jsonOut, settings: settings) }

    func validate() throws { try checked(values.check) }
}
