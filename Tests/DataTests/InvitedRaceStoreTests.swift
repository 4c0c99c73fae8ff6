@testable import Data
import Domain
import Foundation
@testable import SyncCore
import SyncWire
import Testing

/// The file a runner of an invited race keeps for a restart (docs/PROTOCOL.md, "Restart in an invited
/// race"; what goes in it: SyncCoreTests/InvitedCatchUpTests).
@Suite("Invited race store")
struct InvitedRaceStoreTests {
    /// What bob keeps of a race alice hosts: a fresh key and race id, the roster alice signed.
    func kept(by bob: RunnerID, at saved: Date) -> KeptInvitedRace {
        let host = DeviceKeys.generate(), joiner = DeviceKeys.generate()
        let secrets = RaceSecrets.generate()
        let roster = RaceRoster.signed([bob: joiner.identity.signingKey], raceID: secrets.raceID, by: host)
        return KeptInvitedRace(
            runner: bob, invitation: 9, raceKey: Data(secrets.key), raceID: Data(secrets.raceID),
            roster: roster.keys.mapValues { Data($0) }, rosterSignature: Data(roster.signature), host: host.identity.text,
            mode: RaceMode.race.rawValue, goalCentimetres: RaceGoal.standard.centimetres, course: nil, savedAt: saved
        )
    }

    @Test("the kept race is a 0600 file, read back the same, removed when stale or when the run ends")
    func keptFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = InvitedRaceStore(directory: folder)
        let bob = RunnerID(rawValue: 0xB2)
        let saved = Date()
        let race = kept(by: bob, at: saved)
        #expect(race.race != nil, "a valid race")
        try store.save(race)
        let mode = try FileManager.default.attributesOfItem(atPath: store.file(of: bob).path)[.posixPermissions] as? NSNumber
        #expect(mode?.intValue == 0o600)
        #expect(store.load(bob, now: saved)?.raceKey == race.raceKey)
        #expect(store.load(RunnerID(rawValue: 0xC3), now: saved) == nil)
        #expect(store.load(bob, now: saved.addingTimeInterval(InvitedRaceStore.maximumAge + 1)) == nil)
        #expect(!FileManager.default.fileExists(atPath: store.file(of: bob).path))
        try store.save(race)
        store.remove(bob)
        #expect(store.load(bob, now: saved) == nil)
    }
}
