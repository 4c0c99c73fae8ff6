import Foundation
import Logging
import SyncWire

extension RaceKey {
    /// Where a race's shared passphrase was given.
    public enum PassphraseSource: Sendable, Equatable {
        /// The first line of a file (`--race-key-file`): other users must not be able to read it.
        case file(String)
        /// On the command line (`--race-key`): deprecated, as every local user can read it in /proc; the
        /// warning points to `environmentVariable` instead.
        case commandLine(String, environmentVariable: String)
        /// In the environment.
        case environment(String)

        /// Where the passphrase comes from when several may give it: the file, else the command line,
        /// else the environment; nil when none does (an open race).
        public static func chosen(
            file: String?, commandLine: String?, environment: String?, environmentVariable: String
        ) -> PassphraseSource? {
            if let file { return .file(file) }
            if let commandLine { return .commandLine(commandLine, environmentVariable: environmentVariable) }
            return environment.map { .environment($0) }
        }
    }

    /// The key for the passphrase of `source`, stretched once with scrypt and salted with `raceID`
    /// (default: today's, `defaultRaceID(at:)`, which can fall back to the previous UTC day's:
    /// `RaceKey.previousDay`; a given race id never falls back). Logs a warning for a key file other users can access and
    /// for a passphrase on the command line, and how long the stretching took.
    public static func load(from source: PassphraseSource, raceID: String?, now: Date = Date(), logger: Logger) throws -> RaceKey {
        let passphrase: String
        switch source {
        case .file(let path):
            if let warning = permissionWarning(forFile: path) { logger.warning("\(warning)") }
            passphrase = try self.passphrase(inFile: path)
        case let .commandLine(text, variable):
            logger.warning("""
                --race-key PASSPHRASE is deprecated: every local user can read it in /proc (and it stays in your \
                shell history); put it in a file only you can read and give --race-key-file FILE, or set \(variable)
                """)
            passphrase = text
        case .environment(let text):
            passphrase = text
        }
        let start = ContinuousClock.now
        let key: RaceKey
        let named: String
        if let raceID {
            key = try RaceKey(passphrase: passphrase, raceID: raceID)
            named = raceID
        } else {
            // Defaulted: the previous UTC day's id is the fallback for mates who started before midnight UTC.
            key = try RaceKey(passphrase: passphrase, defaultRaceIDAt: now)
            named = "\(defaultRaceID(at: now)) (default, today in UTC; \(key.previousDay?.raceID ?? "the day before") if the mates started before midnight UTC)"
        }
        logger.info("race key stretched with scrypt \(ScryptCost.standard), race id \(named), in \(ContinuousClock.now - start)")
        return key
    }
}
