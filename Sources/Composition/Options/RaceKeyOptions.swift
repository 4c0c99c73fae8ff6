import Application
import Data
import Foundation
import Logging
import SyncWire

/// `--race-key-file`, `MATERUNNER_RACE_KEY`, `--race-key` and `--race-id`: the passphrase every runner of
/// a race shares, stretched with scrypt and salted with the race id. Without a passphrase the race is open.
public struct RaceKeyOptions: Sendable, Equatable {
    /// The environment variable read when no option gives the key.
    public static let environmentVariable = "MATERUNNER_RACE_KEY"

    /// `--race-key-file`.
    public var file: String?
    /// `--race-key` (deprecated: visible in /proc and the shell's history).
    public var passphrase: String?
    /// `--race-id`: salts the key; nil: the day's.
    public var raceID: String?

    /// Options; all nil: the key from `MATERUNNER_RACE_KEY`, or an open race.
    public init(file: String? = nil, passphrase: String? = nil, raceID: String? = nil) {
        (self.file, self.passphrase, self.raceID) = (file, passphrase, raceID)
    }

    /// Throws for a key given twice or a race id that cannot salt one.
    public func check() throws(RunOptionsError) {
        guard file == nil || passphrase == nil else {
            throw RunOptionsError("give the race key once: --race-key-file or --race-key, not both")
        }
        if let raceID, !RaceKey.isValid(raceID: raceID) {
            throw RunOptionsError("\(RaceKeyError.invalidRaceID(raceID))")
        }
    }

    /// The key from the file, the option or the environment (in this order), stretched once with the race
    /// id; nil for an open race. Logs a warning for a key file other users can read and for `--race-key`;
    /// a key that cannot be read is a usage error saying why.
    public func load(
        logger: Logger, environment: [String: String] = ProcessInfo.processInfo.environment, now: Date = Date()
    ) throws -> RaceKey? {
        guard let source = RaceKey.PassphraseSource.chosen(
            file: file, commandLine: passphrase, environment: environment[Self.environmentVariable],
            environmentVariable: Self.environmentVariable
        ) else { return nil }
        do {
            return try RaceKey.load(from: source, raceID: raceID, now: now, logger: logger)
        } catch {
            throw FlowError(error, otherwise: .usage)
        }
    }
}
