import Foundation
import SyncWire

// MARK: Loading

/// Reading the passphrase from a key file, so that it stays out of the shell history and out of
/// `/proc/PID/cmdline`, and checking that other users cannot read it.
extension RaceKey {
    /// The passphrase on the first line of `path` (its line break is not part of it).
    public static func passphrase(inFile path: String) throws(RaceKeyError) -> String {
        do {
            return try SecretFile.firstLine(of: path)
        } catch {
            throw .unreadableFile(path: path, reason: error.localizedDescription)
        }
    }

    /// The key stretched from the first line of `path` and `raceID` (see `init(passphrase:raceID:cost:)`).
    public static func contentsOf(file path: String, raceID: String, cost: ScryptCost = .standard) throws(RaceKeyError) -> RaceKey {
        try RaceKey(passphrase: passphrase(inFile: path), raceID: raceID, cost: cost)
    }

    // MARK: Permissions

    /// One line saying what to do when the group or other users may read or write the key file at
    /// `path` (its mode has any of the bits 077), e.g. `the race key file race.key can be read by other
    /// users (mode 0644): run chmod 600 race.key`; nil when only its owner can, or when it cannot be
    /// examined (reading it then fails with its own message).
    public static func permissionWarning(forFile path: String) -> String? {
        SecretFile.permissionWarning(forFile: path, naming: "the race key file")
    }
}
