import ArgumentParser
import Data
import Domain
import Foundation
import Logging
import Presentation

/// `materunner watch`: follow a race on the LAN as a spectator, through any front-end.
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a race on this network as a spectator (a laptop by the track, a big screen).",
        discussion: """
            Without --peer, runners are found over DNS-SD; the spectator tells them it is watching and they \
            send it their progress. It never sends progress itself: it cannot change anybody's result. It \
            ends with the race's result. A keyed race needs the same race key.
            """
    )

    @Option(help: ArgumentHelp("A runner of the race, skipping discovery; repeat for several.", valueName: "HOST:PORT"))
    var peer: [String] = []

    @Option(help: "The UDP port to listen on (0: any free port).")
    var port: Int = 0

    @Option(help: ArgumentHelp("The name runners see for this spectator.", valueName: "NAME"))
    var name: String = "spectator"

    @Option(help: ArgumentHelp("How long to wait for a race to be heard, in seconds.", valueName: "SECONDS"))
    var wait: Double = 60

    @Option(help: ArgumentHelp("Race clock speed-up over real time: the same as the runners'.", valueName: "X"))
    var speedup: Double = 1

    @OptionGroup var frontEnds: FrontEndOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup

    @Option(help: "Log level on standard error.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        do {
            _ = try Runner.validate(name: name)
            for text in peer { _ = try PeerAddress(parsing: text) }
        } catch {
            throw ValidationError("\(error)")
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not between 0 and 65535") }
        guard wait.isFinite, wait > 0 else { throw ValidationError("--wait must be a positive number of seconds") }
        guard speedup.isFinite, (1...1000).contains(speedup) else { throw ValidationError("--speedup must be between 1 and 1000") }
    }

    func run() async throws {
        try await CommandRunner.perform(logLevel: logLevel) { try await watch(logger: $0) }
    }

    private func watch(logger: Logger) async throws {
        let me = Runner(id: .random(), name: try Runner.validate(name: name))
        let container = AppContainer(speedup: speedup, logger: logger)
        let host = FrontEndHost()
        try frontEnds.loadAll(into: host)
        let sync = try await container.makeSync(port: port, key: try raceKey.load())
        var discovery: DNSSDDiscoveryRepository?
        do {
            for text in peer {
                do { try sync.addPeer(try PeerAddress(parsing: text)) } catch { throw CLIError.usage("\(error)") }
            }
            if peer.isEmpty { discovery = try container.startDiscovery(me: me, sync: sync, register: false) }
        } catch {
            await sync.close()
            throw error
        }
        logger.info("watching as \(me.name) (\(me.id)) on UDP port \(sync.localPort)")
        let scale = container.clock.speedup
        let session = SpectatorSession(
            configuration: SpectatorConfiguration(me: me, heartbeat: 0.5 * scale, lostAfter: 10 * scale, waitTimeout: wait * scale),
            sync: sync, messaging: sync, clock: container.clock
        )
        let succeeded = await container.present(container.makeRunningViewModel(race: session), on: container.makeBinder(host: host))
        discovery?.stop()
        await sync.close()
        if !succeeded { throw ExitCode(1) }
    }
}
