import ArgumentParser
import Composition

/// `--race-key-file`, `MATERUNNER_RACE_KEY`, `--race-key` and `--race-id`: the passphrase every runner of
/// a race shares, stretched with scrypt and salted with the race id. Without a passphrase the race is open.
struct RaceKeyOptionGroup: ParsableArguments {
    @Option(name: .customLong("race-key-file"), help: ArgumentHelp(
        "Read the race key (passphrase shared by every runner) from the first line of FILE (chmod 600 FILE).",
        valueName: "FILE"
    ), completion: .file())
    var raceKeyFile: String?

    @Option(name: .customLong("race-key"), help: ArgumentHelp(
        "Deprecated: the race key itself, readable by every local user in /proc and kept in your shell history. Use --race-key-file or MATERUNNER_RACE_KEY.",
        valueName: "PASSPHRASE"
    ))
    var raceKey: String?

    @Option(name: .customLong("race-id"), help: ArgumentHelp(
        "With a race key: a name for this race, the same for every runner, that salts the key (default: materunner-YYYY-MM-DD, today in UTC, or the day before when the mates started before midnight UTC).",
        valueName: "NAME"
    ))
    var raceID: String?

    var values: RaceKeyOptions { RaceKeyOptions(file: raceKeyFile, passphrase: raceKey, raceID: raceID) }

    func validate() throws { try checked(values.check) }
}
