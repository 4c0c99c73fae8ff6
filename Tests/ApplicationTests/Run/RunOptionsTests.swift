import Application
import Domain
import Foundation
import Testing

/// `materunner run`'s options as a whole: each value in its range, the combinations that are refused
/// (with the options named), and the run request they make.
@Suite("Run options: ranges, combinations, the request")
struct RunOptionsTests {
    func options(_ change: (inout RunOptions) -> Void = { _ in }) -> RunOptions {
        var options = RunOptions(name: "alice", maximumMates: 64)
        change(&options)
        return options
    }

    func refusal(_ change: (inout RunOptions) -> Void) -> String? {
        do {
            try options(change).check()
            return nil
        } catch {
            return error.description
        }
    }

    @Test("the defaults pass; each range and combination is refused naming its options")
    func rules() {
        #expect(refusal { _ in } == nil)
        #expect(refusal { $0.name = "" }?.hasPrefix("--name: ") == true)
        #expect(refusal { $0.id = "0" } == "--id 0 is not 1 to 16 hex digits (and not 0)")
        #expect(refusal { $0.id = "xyz" } != nil)
        #expect(refusal { $0.goalKilometres = -1 }?.hasPrefix("--goal: ") == true)
        #expect(refusal { $0.weight = 5 }?.hasPrefix("--weight: ") == true)
        #expect(refusal { $0.speedup = 0.5 } == "--speedup must be between 1 and 1000")
        #expect(refusal { $0.speedup = .nan } == "--speedup must be between 1 and 1000")
        #expect(refusal { $0.jitter = 101 } == "--jitter must be between 0 and 100 metres")
        #expect(refusal { $0.fixRate = 0.5 } == "--fix-rate must be between 1 and 20 fixes a second")
        #expect(refusal { $0.fixRate = 21 } == "--fix-rate must be between 1 and 20 fixes a second")
        #expect(refusal { $0.fixRate = .infinity } == "--fix-rate must be between 1 and 20 fixes a second")
        #expect(refusal { $0.fixRate = 10 } == nil)
        #expect(refusal { $0.wait = 0 } == "--wait must be a positive number of seconds")
        #expect(refusal { $0.invite = "bob"; $0.join = true }?.hasPrefix("--invite and --join exclude each other") == true)
        #expect(refusal { $0.invite = " , " } == "--invite needs at least one mate's name")
        #expect(refusal { $0.invite = (1...9).map { "m\($0)" }.joined(separator: ",") }?.hasPrefix("--invite names at most") == true)
        #expect(refusal { $0.inviteTimeout = 601 } == "--invite-timeout must be between 0 and 600 seconds")
        #expect(refusal { $0.laps = 3 } == "--laps needs --course")
        #expect(refusal { $0.coursePath = "lake.gpx"; $0.laps = 101 } == "--laps must be between 1 and 100")
        #expect(refusal { $0.acceptFrom = "alice" } == "--accept-from needs --join")
        #expect(refusal { $0.ghost = .record("feedbeef"); $0.join = true }?.hasPrefix("--ghost does not go with --join") == true)
        #expect(refusal { $0.ghost = .record("feedbeef"); $0.mode = .team }?.hasPrefix("--ghost needs --mode race") == true)
        #expect(refusal { $0.ghost = .record("feedbeef") } == nil)
        #expect(refusal { $0.mates = 2; $0.join = true }?.hasPrefix("--mates does not go with --invite or --join") == true)
        #expect(refusal { $0.mates = 65 } == "--mates must be between 0 and 64")
        #expect(refusal { $0.clockZones = "Mars/Olympus" } != nil)
        #expect(refusal { $0.ghost = .record("feedbeef"); $0.invite = "bob" } == nil, "the host announces the ghost")
        #expect(refusal { $0.maximumAccuracy = 0.5 } == "--max-accuracy must be between 1 and 200 metres")
        #expect(refusal { $0.maximumAccuracy = .nan } == "--max-accuracy must be between 1 and 200 metres")
        #expect(refusal { $0.maximumAccuracy = 30 } == nil)
        #expect(options().maximumAccuracy == 20)
        #expect((try? options { $0.maximumAccuracy = 30 }.request())?.maximumAccuracy == 30)
    }

    @Test("the request: open (mates from --peer, or 1), host with trimmed names, joiner; peers parsed")
    func request() throws {
        let open = try options { $0.peers = ["10.0.0.2:47474", "10.0.0.3:47474"] }.request()
        #expect(open.role == .open(mates: 2))
        #expect(open.peers == [PeerAddress(host: "10.0.0.2", port: 47474), PeerAddress(host: "10.0.0.3", port: 47474)])
        #expect(try options().request().role == .open(mates: 1))
        #expect(try options { $0.mates = 0 }.request().role == .open(mates: 0))
        let host = try options { $0.invite = " bob, carol ,"; $0.inviteTimeout = 30 }.request()
        #expect(host.role == .host(invitees: ["bob", "carol"], answerWithin: 30))
        #expect(try options { $0.join = true; $0.acceptFrom = "alice" }.request().role == .joiner(acceptFrom: "alice"))
        #expect(try options { $0.id = "a1" }.request().me.id == RunnerID(hex: "a1"))
        #expect(try options { $0.goalKilometres = 2.5 }.request().terms.goal == RaceGoal(kilometres: 2.5))
        #expect(throws: FlowError.self) { try options { $0.peers = ["nowhere"] }.request() }
    }

    @Test("on a course: the goal is the whole course unless --goal shortens it; longer is refused")
    func courseGoal() throws {
        let start = Coordinate(latitude: 46.0, longitude: 14.5)
        let course = try LappedCourse(course: try Course(name: "North", points: stride(from: 0.0, through: 400, by: 50).map {
            Geodesy.destination(from: start, metres: $0, bearing: 0)
        }))
        let whole = try options().request(course: course)
        #expect(whole.terms.goal.centimetres == UInt32((course.totalLength * 100).rounded(.down)))
        #expect(try options { $0.goalKilometres = 0.2 }.request(course: course).terms.goal == RaceGoal(kilometres: 0.2))
        #expect(throws: FlowError.self) { try options { $0.goalKilometres = 1 }.request(course: course) }
    }
}
