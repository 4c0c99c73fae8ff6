import ArgumentParser
import Data
import Domain
import Foundation
import Logging
import Presentation

/// `materunner run`: race mates on the network (or run alone) with a simulated runner.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run toward a goal, racing the mates found on the network or given with --peer.",
        discussion: """
            Without --peer, mates are found over DNS-SD (_materunner._udp, through avahi-daemon); with --peer, \
            discovery is skipped. One runner invites the others by name (--invite bob,carol), who wait with \
            --join and accept (or --accept-from HOST); everyone then counts down 3-2-1 and starts together. \
            Without invitations the run starts once --mates mates have been heard. The run ends by itself \
            once every runner has finished and every peer has the result.
            """
    )

    @Option(help: "Your runner name, 1 to 32 characters.")
    var name: String

    @Option(help: ArgumentHelp(
        "Your runner id, 1 to 16 hex digits (default: random). Pass the same id to rejoin a race after a restart.",
        valueName: "HEX"
    ))
    var id: String?

    @Option(help: ArgumentHelp("The goal distance in kilometres, at most 2 decimals.", valueName: "KM"))
    var goal: Double = 5

    @Option(help: "race: the first to reach the goal wins; team: the sum of everybody's distance reaches the goal.")
    var mode: RunMode = .race

    @Option(help: ArgumentHelp("Your weight in kilograms, for calories (20 to 300).", valueName: "KG"))
    var weight: Double = RunnerProfile.standard.weight

    @Option(help: ArgumentHelp("A mate to race, skipping discovery; repeat for several.", valueName: "HOST:PORT"))
    var peer: [String] = []

    @Option(help: "The UDP port to listen on (0: any free port).")
    var port: Int = 47474

    @Option(help: ArgumentHelp("How many mates to wait for before starting (default: the number of --peer, or 1).", valueName: "N"))
    var mates: Int?

    @Option(help: ArgumentHelp("How long to wait for the mates (or, with --join, for an invitation), in seconds.", valueName: "SECONDS"))
    var wait: Double = 60

    @Option(help: ArgumentHelp(
        "Invite these mates (found on the network or at --peer) to a race or team run, comma-separated.",
        valueName: "NAME[,NAME...]"
    ))
    var invite: String?

    @Option(help: ArgumentHelp("How long the invited mates have to answer, in seconds.", valueName: "SECONDS"))
    var inviteTimeout: Double = Invitation.standardTimeout

    @Flag(help: "Wait for an invitation and run the host's race (its mode and goal); answer from the front-end.")
    var join = false

    @Option(help: ArgumentHelp("With --join: accept invitations from this host without asking (headless boards).", valueName: "NAME"))
    var acceptFrom: String?

    @OptionGroup var frontEnds: FrontEndOptionGroup

    @OptionGroup var data: DataDirOptionGroup
    @OptionGroup var raceKey: RaceKeyOptionGroup

    @Option(help: ArgumentHelp(
        "Where positions come from: sim, gpsd[:HOST:PORT] (default localhost:2947), nmea:FILE[:xSPEED] or gpx:FILE[:xSPEED] (replayed SPEED times faster).",
        valueName: "SOURCE"
    ))
    var source: SourceArgument = .simulator

    @Option(help: ArgumentHelp("Simulator: noise on each reported position, up to this many metres.", valueName: "METRES"))
    var jitter: Double = 0

    @Option(help: ArgumentHelp("Simulator: stand still SECONDS after every EVERY seconds of running.", valueName: "EVERY:SECONDS"))
    var pause: PauseArgument?

    @Option(help: ArgumentHelp("The simulated runner's pace, minutes per kilometre (5:30 or 5.5).", valueName: "MIN_PER_KM"))
    var pace: PaceArgument = PaceArgument(secondsPerKilometre: 360)

    @Option(help: ArgumentHelp("Run the race clock this many times faster than real time (1 to 1000).", valueName: "X"))
    var speedup: Double = 1

    @Option(help: "Seed of the simulated runner (default: random).")
    var seed: UInt64?

    @Option(name: .customLong("clock-zones"), help: ArgumentHelp(
        "Also draw the world clock on the agreed race clock, with its offset and uncertainty, for these IANA time zones (comma-separated): a clock frame per second.",
        valueName: "LIST"
    ))
    var clockZones: String?

    @Option(help: "Log level on standard error: trace, debug, info, notice, warning, error, critical.")
    var logLevel: Logger.Level = .warning

    func validate() throws {
        do {
            _ = try Runner.validate(name: name)
            if let id, RunnerID(hex: id) == nil || RunnerID(hex: id)?.rawValue == 0 {
                throw ValidationError("--id \(id) is not 1 to 16 hex digits (and not 0)")
            }
            _ = try RaceGoal(kilometres: goal)
            _ = try RunnerProfile(weight: weight)
            for text in peer { _ = try PeerAddress(parsing: text) }
        } catch {
            throw ValidationError("\(error)")
        }
        if let clockZones {
            do { _ = try TimeZoneList.parse(clockZones) } catch { throw ValidationError(error.description) }
        }
        guard (0...65535).contains(port) else { throw ValidationError("--port \(port) is not between 0 and 65535") }
        guard speedup.isFinite, (1...1000).contains(speedup) else { throw ValidationError("--speedup must be between 1 and 1000") }
        guard jitter.isFinite, (0...100).contains(jitter) else { throw ValidationError("--jitter must be between 0 and 100 metres") }
        guard wait.isFinite, wait > 0 else { throw ValidationError("--wait must be a positive number of seconds") }
        if let invite {
            guard !join else { throw ValidationError("--invite and --join exclude each other: one runner invites, the others join") }
            guard mode.raceMode != .single else { throw ValidationError("--invite needs --mode race or team") }
            guard !inviteNames(invite).isEmpty else { throw ValidationError("--invite needs at least one mate's name") }
            guard inviteNames(invite).count <= InvitationOffer.maximumInvitees else {
                throw ValidationError("--invite names at most \(InvitationOffer.maximumInvitees) mates")
            }
        }
        guard inviteTimeout.isFinite, inviteTimeout > 0, inviteTimeout <= 600 else {
            throw ValidationError("--invite-timeout must be between 0 and 600 seconds")
        }
        if acceptFrom != nil, !join { throw ValidationError("--accept-from needs --join") }
        if mates != nil, invite != nil || join { throw ValidationError("--mates does not go with --invite or --join: the invitation says who runs") }
        if let mates, mates < 0 || mates > UDPRaceSyncRepository.maximumPeers {
            throw ValidationError("--mates must be between 0 and \(UDPRaceSyncRepository.maximumPeers)")
        }
    }

    func run() async throws {
        try await CommandRunner.perform(logLevel: logLevel) { try await race(logger: $0) }
    }

    private func race(logger: Logger) async throws {
        let me = Runner(id: id.flatMap(RunnerID.init(hex:)) ?? .random(), name: try Runner.validate(name: name))
        let lobby = invite != nil || join
        let expected = lobby ? 1 : mates ?? (peer.isEmpty ? 1 : peer.count)
        let terms = RaceTerms(mode: expected == 0 ? .single : mode.raceMode, goal: try RaceGoal(kilometres: goal))
        let container = AppContainer(speedup: speedup * source.replaySpeed, logger: logger)

        let host = FrontEndHost()
        try frontEnds.loadAll(into: host)
        let binder = container.makeBinder(host: host)
        let recorder = container.makeRecorder(store: try data.openStore())

        let sync = try await container.makeSync(port: port, key: try raceKey.load())
        container.followRaceClock(of: sync, me: me.id)
        var discovery: DNSSDDiscoveryRepository?
        do {
            for text in peer {
                do { try sync.addPeer(try PeerAddress(parsing: text)) } catch { throw CLIError.usage("\(error)") }
            }
            if peer.isEmpty, join {
                // A joiner is found by the host: over DNS-SD when a daemon is there, or by the host's --peer.
                do { discovery = try container.startDiscovery(me: me, sync: sync) } catch {
                    logger.warning("not advertised on the network (\(error)): the host must name this runner with --peer HOST:\(sync.localPort)")
                }
            } else if peer.isEmpty, expected > 0 {
                discovery = try container.startDiscovery(me: me, sync: sync)
            } else if peer.isEmpty {
                // Running alone: advertise that we are busy if a daemon is there, never fail without one.
                do { discovery = try container.startDiscovery(me: me, sync: sync, browse: false) } catch {
                    logger.info("running alone without advertising: \(error)")
                }
            }
        } catch {
            await sync.close()
            throw error
        }
        logger.info("\(me.name) (\(me.id)) listening on UDP port \(sync.localPort), \(terms.goal) \(terms.mode)")

        // With --invite / --join the lobby agrees on who runs, the terms and the start; the run then
        // starts at once (the countdown is over) with nobody more to wait for.
        var runTerms = terms
        var matesToWaitFor = expected
        if lobby {
            let phase = LobbyPhase(container: container, me: me, messaging: sync, binder: binder)
            let start: RaceStart
            do {
                if let invite {
                    start = try await phase.invite(inviteNames(invite), terms: terms, timeout: inviteTimeout, wait: wait)
                } else {
                    start = try await phase.join(acceptFrom: acceptFrom, wait: wait)
                }
            } catch {
                discovery?.stop()
                await sync.close()
                binder.shutdown()
                throw error
            }
            runTerms = start.terms
            matesToWaitFor = 0
            logger.info("run agreed: \(start.runners.count) runners, \(start.terms.goal) \(start.terms.mode), host \(start.host.name)")
        }

        let location: any LocationRepository
        do {
            location = try container.makeLocation(source: source) {
                container.makeLocation(pace: pace, seed: seed ?? UInt64.random(in: 1...UInt64.max), jitter: jitter, pause: pause)
            }
        } catch {
            discovery?.stop()
            await sync.close()
            throw error
        }
        let announced: any LocationRepository = discovery.map {
            RunStateAnnouncer(
                wrapped: location, discovery: $0, advertisement: container.advertisement(for: me),
                raceID: RunnerID.random().description, logger: logger
            )
        } ?? location
        let session = container.makeSession(
            me: me, terms: runTerms, expectedMates: matesToWaitFor, lobbyTimeout: wait, profile: try RunnerProfile(weight: weight),
            location: container.recording(announced, into: recorder), sync: sync
        )
        let recorded = container.recording(session, into: recorder)
        let cheers = RecordingCheers(
            me: me, cheers: RaceCheers(me: me, messaging: sync, clock: container.clock), recorder: recorder, clock: container.clock
        )
        let succeeded = await container.present(
            container.makeRunningViewModel(race: recorded, cheers: cheers), on: binder, openRace: !sync.isAuthenticated,
            worldClock: try clockZones.map(TimeZoneList.parse)
        )
        let saved = await container.closeRecording(recorder)
        discovery?.stop()
        await sync.close()
        let statistics = sync.statistics
        logger.info("sent \(statistics.datagramsSent) datagrams (\(statistics.bytesSent) bytes), received \(statistics.datagramsReceived), dropped \(statistics.droppedTotal) \(statistics.dropped.sorted { $0.key < $1.key })")
        for warning in statistics.authenticationWarnings { logger.warning("\(warning)") }
        let updates = sync.progressUpdateSizes
        logger.info("progress updates: \(updates.count) sent (\(updates.deltas) deltas), mean \(String(format: "%.2f", updates.mean)) bytes, max \(updates.maximum) bytes")
        let estimate = sync.clockEstimate
        if let offset = estimate.offset, let uncertainty = estimate.uncertainty {
            let milliseconds = { (seconds: Double) in String(format: "%.3f ms", seconds * 1000) }
            logger.info("race clock: host \(sync.clockHost(me: me.id)), offset \(milliseconds(offset)) ± \(milliseconds(uncertainty)) (best of \(estimate.exchanges.count) exchanges)")
        } else {
            logger.info("race clock: host \(sync.clockHost(me: me.id))\(sync.clockHost(me: me.id) == me.id ? " (this runner)" : ", no exchange completed")")
        }
        if !succeeded || !saved { throw ExitCode(1) }
    }
}

extension RunCommand {
    /// The names of `--invite`, trimmed, without empty ones.
    func inviteNames(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension Logger.Level: @retroactive ExpressibleByArgument {}
