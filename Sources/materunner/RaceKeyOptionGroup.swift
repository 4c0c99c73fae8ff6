import ArgumentParser
import Data
import Foundation
import SyncWire

/// `--race-key-file`, `MATERUNNER_RACE_KEY` and `--race-key`: the passphrase every runner of a race
/// shares. Without any of them the race is open.
struct RaceKeyOptionGroup: ParsableArguments {
    /// The environment variable read when no option gives the key.
    static let environmentVariable = "MATERUNNER_RACE_KEY"

    @Option(
        name: .customLong("race-key-file"),
        help: ArgumentHelp("Read the race key (passphrase shared by every runner) from the first line of FILE.", valueName: "FILE")
    )
    var raceKeyFile: String?

    @Option(
        name: .customLong("race-key"),
        help: ArgumentHelp(
            "The race key itself. It lands in your shell history: prefer --race-key-file or MATERUNNER_RACE_KEY.",
            valueName: "PASSPHRASE"
        )
    )
    var raceKey: String?

    func validate() throws {
        guard raceKeyFile == nil || raceKey == nil else {
            throw ValidationError("give the race key once: --race-key-file or --race-key, not both")
        }
    }

    /// The key from the file, the option or the environment (in this order); nil for an open race.
    func load(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> RaceKey? {
        do {
            if let raceKeyFile { return try RaceKey.contentsOf(file: raceKeyFile) }
            if let raceKey { return try RaceKey(passphrase: raceKey) }
            if let passphrase = environment[Self.environmentVariable] { return try RaceKey(passphrase: passphrase) }
            return nil
        } catch {
            throw CLIError.usage("\(error)")
        }
    }
}
