import AudioCues
import FrontEndKit
import Testing

/// Frames in, cues out: each event of a race makes its cue once, at the frame's race time.
@Suite("CueMaker: what is said, and when")
struct CueMakerTests {
    /// The cues of `frames`, after a first frame at 08:00:00 (a clock frame, which says nothing) that
    /// starts the timeline, so a cue's seconds are the seconds of `RaceFrames.time`.
    static func run(_ frames: [FrontEndFrame], maker: CueMaker = CueMaker()) -> [Cue] {
        var maker = maker
        return ([FrontEndFrame(type: .clock, time: RaceFrames.time(0))] + frames).flatMap { maker.cues(for: $0) }
    }

    static func said(_ cues: [Cue]) -> [String] {
        cues.map { "\($0.seconds) \($0.kind.rawValue): \($0.text)" }
    }

    @Test("a split each kilometre with the time, the pace of that split and the rank; none at the goal")
    func splits() {
        let race = RaceFrames(goal: 2000)
        let frames = [
            race.status(0, alice: 0, mates: [("bob", 0)]),
            race.status(299, alice: 997, mates: [("bob", 990)]),
            race.status(300, alice: 1001, mates: [("bob", 1010)]),
            race.status(301, alice: 1004, mates: [("bob", 1013)]),
            race.status(590, alice: 2000, mates: [("bob", 1900)], states: ["alice": "finished"]),
        ]
        let cues = Self.run(frames).filter { $0.kind == .split }
        #expect(Self.said(cues) == ["300.0 split: 1 kilometre in 5 minutes, pace 5 minutes per kilometre, 2nd of 2"])
        #expect(cues.first?.time == "2027-01-15T08:05:00.000Z")
    }

    @Test("audio.split=500m: a split every 500 m; several crossed in one frame make one cue, the farthest")
    func halfKilometreSplits() {
        let race = RaceFrames(mode: "single", goal: 5000)
        let frames = [race.status(0, alice: 0), race.status(150, alice: 500), race.status(400, alice: 1600)]
        let cues = Self.run(frames, maker: CueMaker(splitMetres: 500)).filter { $0.kind == .split }
        #expect(Self.said(cues) == [
            "150.0 split: 500 metres in 2 minutes 30 seconds, pace 5 minutes per kilometre",
            "400.0 split: 1.5 kilometres in 6 minutes 40 seconds, pace 3 minutes 47 seconds per kilometre",
        ])
    }

    @Test("runners side by side swapping places frame by frame is no pass; leading by 5 m on the other side is, once")
    func passes() {
        let race = RaceFrames()
        var frames: [FrontEndFrame] = []
        // Bob 10 m ahead (the order at the start: no cue), then a tussle within 3 m, then alice 6 m ahead.
        frames.append(race.status(10, alice: 30, mates: [("bob", 40)]))
        for second in 11...20 { frames.append(race.status(Double(second), alice: 40 + Double(second), mates: [("bob", 40 + Double(second) + (second.isMultiple(of: 2) ? 2 : -2))])) }
        frames.append(race.status(21, alice: 70, mates: [("bob", 64)]))
        frames.append(race.status(22, alice: 72, mates: [("bob", 70)]))
        frames.append(race.status(30, alice: 80, mates: [("bob", 86)]))
        let cues = Self.run(frames).filter { $0.kind == .pass }
        #expect(Self.said(cues) == ["21.0 pass: you passed bob", "30.0 pass: bob passed you"])
        #expect(Set(cues.map(\.slot)) == ["pass:\(RaceFrames.id("bob"))"])
    }

    @Test("a mate shown seconds late is set against where we were then: a late update makes no pass, a real pass still counts")
    func lateMate() {
        let race = RaceFrames()
        var frames: [FrontEndFrame] = []
        // Bob runs 4 m/s, alice 3 m/s: bob leads all along. Bob's updates stop for 6 s (alice's frames show
        // him as of 1, 2, ... 6 s late: his latest distance falls behind hers), then he is heard again.
        for second in 0...10 { frames.append(race.status(Double(second), alice: 3 * Double(second), mates: [("bob", 4 * Double(second))])) }
        for second in 11...16 {
            let late = Double(second - 10)
            frames.append(race.status(Double(second), alice: 3 * Double(second), mates: [("bob", 40)], late: ["bob": late]))
        }
        for second in 17...30 { frames.append(race.status(Double(second), alice: 3 * Double(second), mates: [("bob", 4 * Double(second))])) }
        #expect(Self.run(frames).filter { $0.kind == .pass }.isEmpty, "\(Self.said(Self.run(frames)))")

        // Then bob stops at 120 m and alice goes by, with bob 2 s late all along: one pass, when she
        // leads him by 5 m at his time.
        for second in 31...50 {
            frames.append(race.status(Double(second), alice: 3 * Double(second), mates: [("bob", 120)], late: ["bob": 2]))
        }
        let cues = Self.run(frames).filter { $0.kind == .pass }
        #expect(Self.said(cues) == ["44.0 pass: you passed bob"])
    }

    @Test("no passes or gaps outside a race: a team run ranks nobody against anybody")
    func teamHasNoPasses() {
        let race = RaceFrames(mode: "team")
        let frames = [race.status(10, alice: 30, mates: [("bob", 40)]), race.status(200, alice: 90, mates: [("bob", 40)])]
        #expect(Self.run(frames, maker: CueMaker(verbosity: .chatty)).isEmpty)
    }

    @Test("the gap every 2 minutes (normal) or 30 s (chatty): to the leader, or leading, to the runner behind")
    func gaps() {
        let race = RaceFrames()
        let frames = [
            race.status(29, alice: 100, mates: [("bob", 110)]),
            race.status(31, alice: 105, mates: [("bob", 140)]),
            race.status(61, alice: 200, mates: [("bob", 202)]),
            race.status(91, alice: 300, mates: [("bob", 280), ("carol", 250)]),
            race.status(121, alice: 400, mates: [("bob", 380)]),
        ]
        #expect(Self.said(Self.run(frames).filter { $0.kind == .gap }) == ["121.0 gap: you lead bob by 20 metres"])
        #expect(Self.said(Self.run(frames, maker: CueMaker(verbosity: .chatty)).filter { $0.kind == .gap }) == [
            "31.0 gap: bob leads by 35 metres", "61.0 gap: you are level with bob", "91.0 gap: you lead bob by 20 metres",
            "121.0 gap: you lead bob by 20 metres",
        ])
        #expect(Self.run(frames, maker: CueMaker(verbosity: .quiet)).isEmpty)
    }

    @Test("a mate finished, cancelled, lost and back; our own finish with time and rank")
    func mates() {
        let race = RaceFrames()
        let frames = [
            race.status(1, alice: 3, mates: [("bob", 4), ("carol", 2)]),
            race.status(2, alice: 6, mates: [("bob", 8), ("carol", 4)], states: ["carol": "lost"]),
            race.status(3, alice: 9, mates: [("bob", 12), ("carol", 4)], states: ["carol": "lost", "bob": "cancelled"]),
            race.status(4, alice: 12, mates: [("bob", 12), ("carol", 8)], states: ["bob": "cancelled"]),
            race.status(300, alice: 1000, mates: [("bob", 12), ("carol", 1001)], states: ["bob": "cancelled", "carol": "finished"]),
            race.status(301, alice: 1002, mates: [("bob", 12), ("carol", 1004)],
                        states: ["bob": "cancelled", "carol": "finished", "alice": "finished"]),
        ]
        #expect(Self.said(Self.run(frames).filter { $0.kind == .mate || $0.kind == .finish }) == [
            "2.0 mate: lost contact with carol", "3.0 mate: bob cancelled", "4.0 mate: carol is back",
            "300.0 mate: carol finished 1st in 5 minutes", "301.0 finish: you finished 2nd of 2 in 5 minutes 1 second",
        ])
    }

    @Test("cheers: to you, to everyone, to a mate; each frame once")
    func cheers() {
        let race = RaceFrames()
        let cheer = { (seconds: Double, from: String, to: String?) in
            FrontEndFrame(type: .cheer, time: RaceFrames.time(seconds), cheer: FrontEndCheer(from: from, to: to, emoji: "👏"))
        }
        let frames = [race.status(0, alice: 0, mates: [("bob", 0)]), cheer(5, "bob", "alice"), cheer(6, "bob", nil), cheer(7, "carol", "bob")]
        let cues = Self.run(frames)
        #expect(Self.said(cues) == ["5.0 cheer: bob cheers you", "6.0 cheer: bob cheers", "7.0 cheer: carol cheers bob"])
        #expect(cues.map(\.slot) == ["cheer:bob", "cheer:bob", "cheer:carol"])
    }

    @Test("off course and back on, when the frames carry off_course; nothing when they do not")
    func offCourse() {
        let race = RaceFrames()
        let frames = [
            race.status(0, alice: 0), race.status(1, alice: 3, offCourse: false), race.status(40, alice: 100, offCourse: true),
            race.status(41, alice: 103, offCourse: true), race.status(80, alice: 200, offCourse: false),
        ]
        #expect(Self.said(Self.run(frames, maker: CueMaker(verbosity: .quiet))) == ["40.0 course: off course", "80.0 course: back on course"])
    }

    @Test("the countdown: a beep at each second before the start instant and the start tone on it, each once")
    func countdown() {
        let startsAt = RaceFrames.time(10)
        let frames = [FrontEndFrame(type: .status, time: RaceFrames.time(0), stage: "waiting", runners: [])]
            + [3, 2, 2, 1, 0].map { left in
                // Each frame made a few milliseconds after its second.
                FrontEndFrame(type: .countdown, time: RaceFrames.time(10 - Double(left) + 0.004),
                              countdown: FrontEndCountdown(secondsLeft: left, startsAt: startsAt))
            }
        let cues = Self.run(frames, maker: CueMaker(verbosity: .quiet))
        #expect(Self.said(cues) == ["7.0 countdown: 3", "8.0 countdown: 2", "9.0 countdown: 1", "10.0 start: GO"])
        #expect(cues.map(\.tone) == [.beep, .beep, .beep, .start])
    }

    @Test("an invitation once per id, with the pairing code read in two groups of three digits")
    func invitation() {
        let invitation = FrontEndInvitation(id: "7", from: "alice", mode: "race", goal: "5.00 km", goalMetres: 5000,
                                            expires: RaceFrames.time(30), secondsLeft: 30, code: "123456")
        let frame = { (seconds: Double) in FrontEndFrame(type: .invitation, time: RaceFrames.time(seconds), invitation: invitation) }
        #expect(Self.said(Self.run([frame(0), frame(1)], maker: CueMaker(verbosity: .quiet))) == [
            "0.0 invitation: alice invites you to a race to 5 kilometres. Code 1 2 3, 4 5 6. Accept only if alice's screen shows the same code.",
        ])
    }

    @Test("the result once: the winner's time and ours")
    func result() {
        let race = RaceFrames()
        var frame = race.status(320, alice: 1002, mates: [("bob", 1001)], states: ["alice": "finished", "bob": "finished"])
        frame.type = .result
        frame.runners?.swapAt(0, 1)
        frame.runners?[0].rank = 1
        frame.runners?[0].finishSeconds = 314
        frame.runners?[1].rank = 2
        frame.winner = frame.runners?[0]
        #expect(Self.said(Self.run([frame, frame], maker: CueMaker(verbosity: .quiet))) == [
            "320.0 result: bob wins in 5 minutes 14 seconds. You are 2nd in 5 minutes 20 seconds.",
        ])
    }

    @Test("notices: warnings and errors at normal, every level when chatty, none when quiet")
    func notices() {
        let notice = { (level: String) in FrontEndFrame(type: .notice, time: RaceFrames.time(0), level: level, message: "\(level) here") }
        let frames = ["info", "warning", "error"].map(notice)
        #expect(Self.run(frames).map(\.text) == ["warning here", "error here"])
        #expect(Self.run(frames, maker: CueMaker(verbosity: .chatty)).map(\.text) == ["info here", "warning here", "error here"])
        #expect(Self.run(frames, maker: CueMaker(verbosity: .quiet)).isEmpty)
    }

    @Test("cues are numbered in order across frames, and a frame with a bad time keeps the latest instant")
    func sequenceAndBadTime() {
        let race = RaceFrames()
        var maker = CueMaker()
        _ = maker.cues(for: race.status(0, alice: 0, mates: [("bob", 0)]))
        let first = maker.cues(for: FrontEndFrame(type: .cheer, time: RaceFrames.time(4), cheer: FrontEndCheer(from: "bob", to: nil, emoji: "👏")))
        let second = maker.cues(for: FrontEndFrame(type: .cheer, time: "not a time", cheer: FrontEndCheer(from: "bob", to: nil, emoji: "👏")))
        #expect(first.map(\.sequence) == [0] && second.map(\.sequence) == [1])
        #expect(second.first?.seconds == 4)
        #expect(maker.latestSeconds == 4)
    }
}
