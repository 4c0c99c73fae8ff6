import ArgumentParser

/// `--profile`: which `[profiles.NAME]` table of the config files applies (docs/CONFIG.md). The profile is
/// read before parsing (`ConfiguredArguments`), which adds the options it sets; this group makes the option
/// known to every command and to its help.
struct ProfileOptionGroup: ParsableArguments {
    @Option(help: ArgumentHelp(
        "Apply the [profiles.NAME] table of the config files (default: $MATERUNNER_PROFILE). See docs/CONFIG.md.",
        valueName: "NAME"
    ))
    var profile: String?
}
