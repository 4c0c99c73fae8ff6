import _CryptoExtras
import Crypto
import Foundation

// MARK: Stretching a passphrase

/// The race key from a passphrase: scrypt (RFC 7914) of the passphrase's UTF-8 bytes, salted with the
/// race id, so that guessing a passphrase from a recorded datagram costs a full scrypt per guess, and
/// one precomputed dictionary does not serve every race (docs/PROTOCOL.md, "Race key").
extension RaceKey {
    /// What the salt starts with, before the race id's UTF-8 bytes: names the protocol and the purpose.
    public static let saltPrefix = Array("materunner race key v3 scrypt\u{0}".utf8)
    /// The longest race id, in UTF-8 bytes.
    public static let maxRaceIDLength = 64

    /// Derives the key from `passphrase` (its UTF-8 bytes, as given) and `raceID` at `cost`. Slow on
    /// purpose (`ScryptCost.standard` takes about 0.16 s here): derive once per run, never per datagram.
    /// Refuses an empty passphrase or an invalid race id (`isValid(raceID:)`).
    public init(passphrase: String, raceID: String, cost: ScryptCost = .standard) throws(RaceKeyError) {
        guard !passphrase.isEmpty else { throw .empty }
        guard Self.isValid(raceID: raceID) else { throw .invalidRaceID(raceID) }
        guard cost.isValid else { throw .derivationFailed(reason: "scrypt parameters \(cost) out of bounds") }
        let derived: SymmetricKey
        do {
            derived = try KDF.Scrypt.deriveKey(
                from: Array(passphrase.utf8),
                salt: Self.saltPrefix + Array(raceID.utf8),
                outputByteCount: Self.keyLength,
                rounds: cost.rounds,
                blockSize: cost.blockSize,
                parallelism: cost.parallelism
            )
        } catch {
            throw .derivationFailed(reason: "scrypt \(cost): \(error)")
        }
        try self.init(derivedKeyBytes: derived.withUnsafeBytes { Array($0) })
    }

    /// The key of `passphrase` and the race id the runners give none of at `date` (`defaultRaceID(at:)`),
    /// which can fall back to the previous UTC day's default race id (`previousDay`) for mates who
    /// started before midnight UTC. Slow, as `init(passphrase:raceID:cost:)`; the fallback is derived
    /// only when needed.
    public init(passphrase: String, defaultRaceIDAt date: Date, cost: ScryptCost = .standard) throws(RaceKeyError) {
        try self.init(passphrase: passphrase, raceID: Self.defaultRaceID(at: date), cost: cost)
        previousDay = PreviousDayRaceKey(
            raceID: Self.defaultRaceID(at: date.addingTimeInterval(-Self.secondsPerDay)), passphrase: passphrase, cost: cost
        )
    }

    /// A UTC day (UTC has no daylight saving time).
    static let secondsPerDay: TimeInterval = 86_400

    /// Whether `raceID` can salt a key: 1 to `maxRaceIDLength` UTF-8 bytes, no control characters.
    public static func isValid(raceID: String) -> Bool {
        (1...maxRaceIDLength).contains(raceID.utf8.count)
            && !raceID.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }

    // MARK: The default race id

    /// The race id used when the runners give none: `materunner-YYYY-MM-DD`, today's date in UTC at
    /// `date`. Every runner of a race that starts the same UTC day agrees on it without being told, and a
    /// dictionary precomputed for one day is useless the next. Every race of one day shares it (give
    /// `--race-id` for a salt of your own). A runner started after midnight UTC whose mates started
    /// before it (a restart with the same `--id`, or a late starter) derives the next day's id: when
    /// their datagrams fail as bad-tag it derives the previous day's key too (`PreviousDayRaceKey`, once,
    /// off the receive path) and adopts it as soon as one of their datagrams authenticates under it. Only
    /// the later-dated runner moves, one day back, never forward; an explicit `--race-id` never falls back.
    /// Not the race's mode or goal: a runner waiting with `--join`, and a spectator, learn those only
    /// from datagrams that the key must already check.
    public static func defaultRaceID(at date: Date = Date()) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        let day = calendar.dateComponents([.year, .month, .day], from: date)
        let (year, month, dayOfMonth) = (day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        return "materunner-\(year)-\(month < 10 ? "0" : "")\(month)-\(dayOfMonth < 10 ? "0" : "")\(dayOfMonth)"
    }
}
