import ArgumentParser
import Data
import Domain
import Foundation
import Logging
import Application
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

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "The goal distance in kilometres, at most 2 decimals (default 5; with --course the course's length × laps, which --goal may shorten).",
        valueName: "KM"
    ))
    var goal: Double?

    @Option(help: ArgumentHelp(
        "Race along this course, a GPX track or route (timed or not): progress is the distance along it, not each receiver's GPS distance. Without invitations every runner passes the same course; with --invite the host's course travels with its invitation, and a joiner without it (or with another) fetches it from the host (kept in the data directory).",
        valueName: "FILE.gpx"
    ))
    var course: String?

    @Option(help: ArgumentHelp("With --course: run the course (a loop) this many times.", valueName: "N"))
    var laps: Int = 1

    @Option(help: ArgumentHelp(
        "Race a ghost: a recorded run (any unique start of its id, see `materunner records`) or a timed GPX track (gpx:FILE), replayed on the race clock from the start, along the course when there is one. Every runner sees it, marked as a ghost; it wins nothing that counts in `records totals`. Not with --join (the host announces it) or --mode team.",
        valueName: "ID|gpx:FILE"
    ))
    var ghost: GhostArgument?

    @Option(help: "race: the first to reach the goal wins; team: the sum of everybody's distance reaches the goal.")
    var mode: RunMode = .race

    @Option(parsing: .unconditional, help: ArgumentHelp("Your weight in kilograms, for calories (20 to 300).", valueName: "KG"))
    var weight: Double = RunnerProfile.standard.weight

    @OptionGroup var network: NetworkOptionGroup

    @Option(parsing: .unconditional, help: ArgumentHelp("How many mates to wait for before starting (default: the number of --peer, or 1).", valueName: "N"))
    var mates: Int?

    @Option(parsing: .unconditional, help: ArgumentHelp("How long to wait for the mates (or, with --join, for an invitation), in seconds.", valueName: "SECONDS"))
    var wait: Double = 60

    @Option(help: ArgumentHelp(
        "Invite these mates (found on the network or at --peer) to a race or team run, comma-separated.",
        valueName: "NAME[,NAME...]"
    ))
    var invite: String?

    @Option(parsing: .unconditional, help: ArgumentHelp("How long the invited mates have to answer, in seconds.", valueName: "SECONDS"))
    var inviteTimeout: Double = Invitation.standardTimeout

    @Flag(help: "Wait for an invitation and run the host's race (its mode, goal and course: a course you lack is fetched from the host); answer from the front-end.")
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

    @Option(parsing: .unconditional, help: ArgumentHelp("Simulator: noise on each reported position, up to this many metres.", valueName: "METRES"))
    var jitter: Double = 0

    @Option(help: ArgumentHelp("Simulator: stand still SECONDS after every EVERY seconds of running.", valueName: "EVERY:SECONDS"))
    var pause: PauseArgument?

    @Option(help: ArgumentHelp("The simulated runner's pace, minutes per kilometre (5:30 or 5.5).", valueName: "MIN_PER_KM"))
    var pace: PaceArgument = PaceArgument(secondsPerKilometre: 360)

    @Option(parsing: .unconditional, help: ArgumentHelp(
        "Run race time this many times faster than real time (1 to 1000), from the start of the race: the lobby, its timeouts, messages and dates stay real.",
        valueName: "X"
    ))
    var speedup: Double = 1

    @Option(help: "Seed of the simulated runner (default: random).")
    var seed: UInt64?

    @Option(name: .customLong("clock-zones"), help: ArgumentHelp(
        "Also draw the world clock on the agreed race clock, with its offset and uncertainty, for these IANA time zones (comma-separated): a clock frame per second.",
        valueName: "LIST"
    ))
    var clockZones: String?

    @OptionGroup var logging: LoggingOptionGroup
    @OptionGroup var config: ProfileOptionGroup

    func validate() throws {
        do { _ = try Runner.validate(name: name) } catch { throw ValidationError("--name: \(error)") }
        if let id, RunnerID(hex: id) == nil || RunnerID(hex: id)?.rawValue == 0 {
            throw ValidationError("--id \(id) is not 1 to 16 hex digits (and not 0)")
        }
        if let goal { do { _ = try RaceGoal(kilometres: goal) } catch { throw ValidationError("--goal: \(error)") } }
        do { _ = try RunnerProfile(weight: weight) } catch { throw ValidationError("--weight: \(error)") }
        if let clockZones {
            do { _ = try TimeZoneList.parse(clockZones) } catch { throw ValidationError(error.description) }
        }
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
        if course == nil, laps != 1 { throw ValidationError("--laps needs --course") }
        guard (1...LappedCourse.maximumLaps).contains(laps) else {
            throw ValidationError("--laps must be between 1 and \(LappedCourse.maximumLaps)")
        }
        if ghost != nil, join { throw ValidationError("--ghost does not go with --join: the host announces the ghost with its race (pass --ghost to the runner who invites)") }
        if ghost != nil, mode == .team { throw ValidationError("--ghost needs --mode race: in a team run a ghost's distance would count toward the team") }
        if acceptFrom != nil, !join { throw ValidationError("--accept-from needs --join") }
        if mates != nil, invite != nil || join { throw ValidationError("--mates does not go with --invite or --join: the invitation says who runs") }
        if let mates, mates < 0 || mates > UDPRaceSyncRepository.maximumPeers {
            throw ValidationError("--mates must be between 0 and \(UDPRaceSyncRepository.maximumPeers)")
        }
    }

    func run() async throws {
        try await CommandRunner.perform(logging) { logger in
            let container = AppContainer(speedup: speedup * source.replaySpeed, logger: logger)
            let course = try container.makeCourse(path: course, laps: laps)
            var (request, screen, store) = (try request(course: course), try container.makeScreen(frontEnds), try data.openStore(logger: logger))
            request.ghost = try ghost.map { try container.makeGhost($0, store: store, data: data, course: course?.course, goal: request.terms.goal) }
            let pairing = try container.makePairing(data: data, invited: invite != nil || join)
            let key = try raceKey.load(logger: logger)
            let transport = try await container.makeTransport(
                port: network.port ?? 47474, key: key, identity: pairing?.keys, mates: pairing?.mates,
                races: pairing.map { _ in InvitedRaceStore(directory: data.directory) }
            )
            // A host serves its course to the invitees that lack it; a joiner fetches (and keeps) the host's.
            if invite != nil, let course { transport.serveCourse(course.file) }
            let courses = join ? CourseLibrary(store: CourseStore(dataDirectory: data.directory), transport: transport) : nil
            let outcome = try await container.makeRunFlow(
                request: request, transport: transport, screen: screen, store: store,
                location: location(container), clockZones: try clockZones.map(TimeZoneList.parse), knownMates: pairing?.mates,
                courses: courses
            ).run()
            container.logStatistics(of: transport, me: request.me.id)
            if !outcome.isSuccess { throw ExitCode(1) }
        }
    }
}

extension RunCommand {
    /// The names of `--invite`, trimmed, without empty ones.
    func inviteNames(_ list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// The run the options ask for, on `course` if there is one.
    func request(course: LoadedCourse? = nil) throws -> RunRequest {
        let me = Runner(id: id.flatMap(RunnerID.init(hex:)) ?? .random(), name: try Runner.validate(name: name))
        let role: RunRequest.Role = if let invite {
            .host(invitees: inviteNames(invite), answerWithin: inviteTimeout)
        } else if join {
            .joiner(acceptFrom: acceptFrom)
        } else {
            .open(mates: mates ?? (network.peer.isEmpty ? 1 : network.peer.count))
        }
        return RunRequest(
            me: me, terms: RaceTerms(mode: mode.raceMode, goal: try raceGoal(course: course?.course), course: course?.terms),
            profile: try RunnerProfile(weight: weight), peers: try network.peers(), role: role, wait: wait,
            course: course?.course
        )
    }

    /// `--goal`, or without it 5 km or the whole course; a goal longer than the course is refused.
    func raceGoal(course: LappedCourse?) throws -> RaceGoal {
        guard let course else { return try goal.map(RaceGoal.init(kilometres:)) ?? .standard }
        let whole = RaceGoal(centimetres: UInt32((course.totalLength * 100).rounded(.down)))
        guard let goal else { return whole }
        let asked = try RaceGoal(kilometres: goal)
        guard asked.centimetres <= whole.centimetres else {
            throw FlowError(.usage, "--goal \(asked) is longer than the course (\(whole)\(course.laps > 1 ? " in \(course.laps) laps" : "")): give a shorter --goal or more --laps")
        }
        return asked
    }

    /// The position source `--source` names, made once the run is agreed (the simulator by default).
    /// The simulator runs along the run's course when there is one (the host's, fetched or not); an
    /// untimed GPX replays at `--pace`.
    func location(_ container: AppContainer) -> @Sendable (LappedCourse?) throws -> any LocationRepository {
        let (source, pace, jitter, pause) = (source, pace, jitter, pause)
        let seed = seed ?? UInt64.random(in: 1...UInt64.max)
        return { course in
            try container.makeLocation(source: source, pace: pace) {
                container.makeLocation(pace: pace, seed: seed, jitter: jitter, pause: pause, course: course)
            }
        }
    }
}
