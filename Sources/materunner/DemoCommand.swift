import ArgumentParser
import Data
import Domain
import Foundation
import Logging
import Presentation

/// `materunner demo`: two simulated runners race on this machine over real UDP on loopback.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Watch two simulated runners race each other over UDP on loopback.",
        discussion: "Alice and Bob each get their own UDP socket on 127.0.0.1 and their own copy of the race; you see Alice's, and her run is recorded (see `materunner records`)."
    )

    @Option(help: ArgumentHelp("The goal distance in kilometres.", valueName: "KM"))
    var goal: Double = 1

    @Option(help: ArgumentHelp("Race clock speed-up over real time.", valueName: "X"))
    var speedup: Double = 20

    @OptionGroup var frontEnds: FrontEndOptionGroup

    @OptionGroup var data: DataDirOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup

    @Option(help: "Seed of the simulated runners.")
    var seed: UInt64 = 2026

    @Option(help: "Log level on standard error.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        do { _ = try RaceGoal(kilometres: goal) } catch { throw ValidationError("\(error)") }
        guard speedup.isFinite, (1...1000).contains(speedup) else { throw ValidationError("--speedup must be between 1 and 1000") }
    }

    func run() async throws {
        try await CommandRunner.perform(logLevel: logLevel) { try await race(logger: $0) }
    }

    private func race(logger: Logger) async throws {
        let container = AppContainer(speedup: speedup, logger: logger)
        let terms = RaceTerms(mode: .race, goal: try RaceGoal(kilometres: goal))
        let host = FrontEndHost()
        try frontEnds.loadAll(into: host)
        let recorder = container.makeRecorder(store: try data.openStore())

        let alice = Runner(id: .random(), name: "alice")
        let bob = Runner(id: .random(), name: "bob")
        let key = try raceKey.load()
        let aliceSync = try await container.makeSync(port: 0, host: "127.0.0.1", key: key)
        let bobSync = try await container.makeSync(port: 0, host: "127.0.0.1", key: key)
        aliceSync.addPeer(bobSync.localAddress)
        bobSync.addPeer(aliceSync.localAddress)

        let bobSession = container.makeSession(
            me: bob, terms: terms, expectedMates: 1, lobbyTimeout: 10,
            location: container.makeLocation(pace: PaceArgument(secondsPerKilometre: 315), seed: seed &+ 1), sync: bobSync
        )
        let bobRun = Task {
            for try await _ in bobSession.snapshots() {}
        }
        let aliceSession = container.makeSession(
            me: alice, terms: terms, expectedMates: 1, lobbyTimeout: 10,
            location: container.recording(
                container.makeLocation(pace: PaceArgument(secondsPerKilometre: 320), seed: seed), into: recorder
            ),
            sync: aliceSync
        )
        // Both sockets are on 127.0.0.1: nobody else can join, so no open-race notice.
        let aliceRecorded = container.recording(aliceSession, into: recorder)
        let succeeded = await container.present(container.makeRunningViewModel(race: aliceRecorded), on: container.makeBinder(host: host))
        let saved = await container.closeRecording(recorder)
        bobRun.cancel()
        await aliceSync.close()
        await bobSync.close()
        if !succeeded || !saved { throw ExitCode(1) }
    }
}
