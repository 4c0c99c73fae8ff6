import ArgumentParser
import Composition

/// `--data-dir`: where the run records live, shared by `run`, `demo`, `records` and `export`.
struct DataDirOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Where run records are kept (default: $XDG_DATA_HOME/materunner, or ~/.local/share/materunner).",
        valueName: "DIR"
    ), completion: .directory)
    var dataDir: String?

    var values: DataDirOptions { DataDirOptions(path: dataDir) }
}
