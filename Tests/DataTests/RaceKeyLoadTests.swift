import Data
import Foundation
import Logging
import MateRunnerTesting
import SyncWire
import Testing

/// Loading the passphrase key as `run`, `watch` and `demo` do: without `--race-id` the race id is
/// today's in UTC and may fall back to the day before's; a race id given never falls back.
@Suite("Race key loading and the default race id")
struct RaceKeyLoadTests {
    @Test("where the passphrase comes from: the file over the command line over the environment; none of them is an open race")
    func passphraseSourceOrder() {
        let variable = "MATERUNNER_RACE_KEY"
        typealias Source = RaceKey.PassphraseSource
        #expect(Source.chosen(file: "k.txt", commandLine: "cli", environment: "env", environmentVariable: variable) == .file("k.txt"))
        #expect(Source.chosen(file: nil, commandLine: "cli", environment: "env", environmentVariable: variable) == .commandLine("cli", environmentVariable: variable))
        #expect(Source.chosen(file: nil, commandLine: nil, environment: "env", environmentVariable: variable) == .environment("env"))
        #expect(Source.chosen(file: nil, commandLine: nil, environment: nil, environmentVariable: variable) == nil)
    }

    @Test("no race id: the default of the day at `now`, falling back to the previous UTC day's; a race id given: no fallback")
    func defaultFallsBackGivenDoesNot() throws {
        let logger = Logger(label: "test")
        let defaulted = try RaceKey.load(from: .environment("lake run"), raceID: nil, now: RaceKey.afterMidnight, logger: logger)
        #expect(defaulted.previousDay?.raceID == "materunner-2026-11-23")
        let given = try RaceKey.load(from: .environment("lake run"), raceID: "materunner-2026-11-24", now: RaceKey.afterMidnight, logger: logger)
        #expect(given.previousDay == nil)
        #expect(given.publicID == defaulted.publicID, "the same key: the default is that day's race id")
    }
}
