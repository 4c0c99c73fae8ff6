import Application
import ArgumentParser
import Data
import Foundation
import Logging
import SyncWire

/// `--race-key-file`, `MATERUNNER_RACE_KEY`, `--race-key` and `--race-id`: the passphrase every runner of
/// a race shares, stretched with scrypt and salted with the race id. Without a passphrase the race is open.
struct RaceKeyOptionGroup: ParsableArguments {
    /// The environment variable read when no option gives the key.
    static let environmentVariable = "MATERUNNER_RACE_KEY"

    @Option(
        name: .customLong("race-key-file"),
        help: ArgumentHelp(
            "Read the race key (passphrase shared by every runner) from the first line of FILE (chmod 600 FILE).",
            valueName: "FILE"
        ),
        completion: .file()
    )
    var raceKeyFile: String?

    @Option(
        name: .customLong("race-key"),
        help: ArgumentHelp(
            "Deprecated: the race key itself, readable by every local user in /proc and kept in your shell history. Use --race-key-file or MATERUNNER_RACE_KEY.",
            valueName: "PASSPHRASE"
        )
    )
    var raceKey: String?

    @Option(
        name: .customLong("race-id"),
        help: ArgumentHelp(
            "With a race key: a name for this race, the same for every runner, that salts the key (default: materunner-YYYY-MM-DD, today in UTC, or the day before when the mates started before midnight UTC).",
            valueName: "NAME"
        )
    )
    var raceID: String?

    func validate() throws {
        guard raceKeyFile == nil || raceKey == nil else {
            throw ValidationError("give the race key once: --race-key-file or --race-key, not both")
        }
        if let raceID, !RaceKey.isValid(raceID: raceID) {
            throw ValidationError("\(RaceKeyError.invalidRaceID(raceID))")
        }
    }

    /// The key from the file, the option or the environment (in this order), stretched once with the race
    /// id; nil for an open race. Logs a warning for a key file other users can read and for `--race-key`.
    func load(
        logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()
    ) throws -> RaceKey? {
        guard let source = RaceKey.PassphraseSource.chosen(
            file: raceKeyFile, commandLine: raceKey, environment: environment[Self.environmentVariable],
            environmentVariable: Self.environmentVariable
        ) else { return nil }
        do { return try RaceKey.load(from: source, raceID: raceID, now: now, logger: logger) } catch { throw FlowError(error, otherwise: .usage) }
    }
}
