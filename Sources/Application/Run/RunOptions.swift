import Domain
import Foundation
import Presentation

/// What `materunner run`'s options say, as values, before any file is read or socket opened: checked as
/// a whole (`check()`: each value in its range, and the options that must or must not go together),
/// then made into the `RunRequest` the run flow takes. The command line maps its options here; the rules
/// live here, where they are unit-tested.
public struct RunOptions: Sendable {
    /// The UDP port a run listens on without `--port`.
    public static let standardPort = 47474

    public var name: String
    /// `--id`: 1 to 16 hex digits, not 0 (a restart of the same runner).
    public var id: String?
    public var goalKilometres: Double?
    public var weight: Double
    public var mode: RaceMode
    /// `--peer HOST:PORT`, as written.
    public var peers: [String]
    public var mates: Int?
    public var wait: TimeInterval
    /// `--invite`: comma-separated names.
    public var invite: String?
    public var inviteTimeout: TimeInterval
    public var join: Bool
    public var acceptFrom: String?
    public var coursePath: String?
    public var laps: Int
    /// What `--ghost` names (read when the run is launched); nil: no ghost.
    public var ghost: GhostSource?
    public var speedup: Double
    public var jitter: Double
    /// `--fix-rate`: the simulator's fixes a second.
    public var fixRate: Double
    public var clockZones: String?
    /// The most mates a run may wait for (the transport's capacity).
    public var maximumMates: Int
    /// `--port`: nil for `standardPort` (0: any free port).
    public var port: Int?
    /// `--multicast` (on unless `--no-multicast`).
    public var multicast: Bool
    /// `--max-accuracy`: fixes reporting a larger horizontal error, in metres, are dropped.
    public var maximumAccuracy: Double

    public init(
        name: String, id: String? = nil, goalKilometres: Double? = nil, weight: Double = RunnerProfile.standard.weight,
        mode: RaceMode = .race, peers: [String] = [], mates: Int? = nil, wait: TimeInterval = 60, invite: String? = nil,
        inviteTimeout: TimeInterval = Invitation.standardTimeout, join: Bool = false, acceptFrom: String? = nil,
        coursePath: String? = nil, laps: Int = 1, ghost: GhostSource? = nil, speedup: Double = 1, jitter: Double = 0, fixRate: Double = 1,
        clockZones: String? = nil, maximumMates: Int, port: Int? = nil, multicast: Bool = true,
        maximumAccuracy: Double = NoiseFilterSettings.standard.maximumAccuracy
    ) {
        self.maximumAccuracy = maximumAccuracy
        (self.name, self.id, self.goalKilometres, self.weight, self.mode) = (name, id, goalKilometres, weight, mode)
        (self.peers, self.mates, self.wait, self.invite, self.inviteTimeout) = (peers, mates, wait, invite, inviteTimeout)
        (self.join, self.acceptFrom, self.coursePath, self.laps, self.ghost) = (join, acceptFrom, coursePath, laps, ghost)
        (self.speedup, self.jitter, self.clockZones, self.maximumMates) = (speedup, jitter, clockZones, maximumMates)
        (self.port, self.multicast, self.fixRate) = (port, multicast, fixRate)
    }

    /// An invited run (`--invite` or `--join`): one with pairing, whose transport keeps the race for a restart.
    public var isInvited: Bool { invite != nil || join }

    /// The names of `--invite`, trimmed, without empty ones.
    public var invitees: [String] {
        (invite ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Throws a `RunOptionsError` saying which option is wrong and how, or which ones do not go together.
    public func check() throws(RunOptionsError) {
        do { _ = try Runner.validate(name: name) } catch { throw RunOptionsError("--name: \(error)") }
        if let id, RunnerID(hex: id) == nil || RunnerID(hex: id)?.rawValue == 0 {
            throw RunOptionsError("--id \(id) is not 1 to 16 hex digits (and not 0)")
        }
        if let goalKilometres { do { _ = try RaceGoal(kilometres: goalKilometres) } catch { throw RunOptionsError("--goal: \(error)") } }
        do { _ = try RunnerProfile(weight: weight) } catch { throw RunOptionsError("--weight: \(error)") }
        if let clockZones {
            do { _ = try TimeZoneList.parse(clockZones) } catch { throw RunOptionsError(error.description) }
        }
        try Self.check(speedup: speedup)
        guard jitter.isFinite, (0...100).contains(jitter) else { throw RunOptionsError("--jitter must be between 0 and 100 metres") }
        guard fixRate.isFinite, Self.fixRates.contains(fixRate) else {
            throw RunOptionsError("--fix-rate must be between \(Int(Self.fixRates.lowerBound)) and \(Int(Self.fixRates.upperBound)) fixes a second")
        }
        try Self.check(wait: wait)
        guard maximumAccuracy.isFinite, Self.maximumAccuracies.contains(maximumAccuracy) else {
            throw RunOptionsError("--max-accuracy must be between \(Int(Self.maximumAccuracies.lowerBound)) and \(Int(Self.maximumAccuracies.upperBound)) metres")
        }
        if invite != nil {
            guard !join else { throw RunOptionsError("--invite and --join exclude each other: one runner invites, the others join") }
            guard mode != .single else { throw RunOptionsError("--invite needs --mode race or team") }
            guard !invitees.isEmpty else { throw RunOptionsError("--invite needs at least one mate's name") }
            guard invitees.count <= InvitationOffer.maximumInvitees else {
                throw RunOptionsError("--invite names at most \(InvitationOffer.maximumInvitees) mates")
            }
        }
        guard inviteTimeout.isFinite, inviteTimeout > 0, inviteTimeout <= 600 else {
            throw RunOptionsError("--invite-timeout must be between 0 and 600 seconds")
        }
        if coursePath == nil, laps != 1 { throw RunOptionsError("--laps needs --course") }
        guard (1...LappedCourse.maximumLaps).contains(laps) else {
            throw RunOptionsError("--laps must be between 1 and \(LappedCourse.maximumLaps)")
        }
        if ghost != nil, join { throw RunOptionsError("--ghost does not go with --join: the host announces the ghost with its race (pass --ghost to the runner who invites)") }
        if ghost != nil, mode == .team { throw RunOptionsError("--ghost needs --mode race: in a team run a ghost's distance would count toward the team") }
        if acceptFrom != nil, !join { throw RunOptionsError("--accept-from needs --join") }
        if mates != nil, invite != nil || join { throw RunOptionsError("--mates does not go with --invite or --join: the invitation says who runs") }
        if let mates, mates < 0 || mates > maximumMates {
            throw RunOptionsError("--mates must be between 0 and \(maximumMates)")
        }
    }

    /// The run the options ask for, on `course` (with its `courseTerms`) if there is one; a `FlowError`
    /// (usage) for a peer address that cannot be used or a goal longer than the course.
    public func request(course: LappedCourse? = nil, courseTerms: CourseTerms? = nil) throws -> RunRequest {
        let me = Runner(id: id.flatMap(RunnerID.init(hex:)) ?? .random(), name: try Runner.validate(name: name))
        let addresses = try Self.addresses(peers)
        let role: RunRequest.Role = if invite != nil {
            .host(invitees: invitees, answerWithin: inviteTimeout)
        } else if join {
            .joiner(acceptFrom: acceptFrom)
        } else {
            .open(mates: mates ?? (peers.isEmpty ? 1 : peers.count))
        }
        return RunRequest(
            me: me, terms: RaceTerms(mode: mode, goal: try goal(course: course), course: courseTerms),
            profile: try RunnerProfile(weight: weight), peers: addresses, role: role, wait: wait, course: course,
            maximumAccuracy: maximumAccuracy
        )
    }

    /// `--max-accuracy`'s range in metres: from a survey receiver's to a phone's indoors.
    public static let maximumAccuracies: ClosedRange<Double> = 1...200

    /// The simulator's fix rates, a second: 1 Hz as most receivers give, up to the 20 Hz of the fastest.
    public static let fixRates: ClosedRange<Double> = 1...20

    /// `--speedup` (`run`, `watch`): 1 to 1000.
    public static func check(speedup: Double) throws(RunOptionsError) {
        guard speedup.isFinite, (1...1000).contains(speedup) else { throw RunOptionsError("--speedup must be between 1 and 1000") }
    }

    /// `--wait` (`run`, `watch`): a positive number of seconds.
    public static func check(wait: TimeInterval) throws(RunOptionsError) {
        guard wait.isFinite, wait > 0 else { throw RunOptionsError("--wait must be a positive number of seconds") }
    }

    /// `--peer HOST:PORT` texts parsed, or a `FlowError` (usage) saying which one is wrong (`run`, `watch`).
    public static func addresses(_ peers: [String]) throws(FlowError) -> [PeerAddress] {
        do { return try peers.map { try PeerAddress(parsing: $0) } } catch { throw FlowError(error, otherwise: .usage) }
    }

    /// `--goal`, or without it 5 km or the whole course; a goal longer than the course is refused.
    func goal(course: LappedCourse?) throws -> RaceGoal {
        guard let course else { return try goalKilometres.map(RaceGoal.init(kilometres:)) ?? .standard }
        let whole = RaceGoal(centimetres: UInt32((course.totalLength * 100).rounded(.down)))
        guard let goalKilometres else { return whole }
        let asked = try RaceGoal(kilometres: goalKilometres)
        guard asked.centimetres <= whole.centimetres else {
            throw FlowError(.usage, "--goal \(asked) is longer than the course (\(whole)\(course.laps > 1 ? " in \(course.laps) laps" : "")): give a shorter --goal or more --laps")
        }
        return asked
    }
}

/// An option of `materunner run` out of its range, or options that do not go together.
public struct RunOptionsError: Error, Equatable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
