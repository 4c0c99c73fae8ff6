import FrontEndKit

/// Frames of a short race, as the host would send them.
enum SampleFrames {
    static let alice = FrontEndRunner(
        id: "00000000000000a1", name: "alice", me: true, rank: 1, state: "running", distance: "0.42 km",
        distanceMetres: 425.5, progress: 0.4255, leader: true, time: "01:05", timeSeconds: 65, finishSeconds: nil
    )
    static let bob = FrontEndRunner(
        id: "00000000000000b2", name: "bob", me: false, rank: 2, state: "running", distance: "0.39 km",
        distanceMetres: 390.25, progress: 0.39025, leader: false, time: "01:05", timeSeconds: 65, finishSeconds: nil
    )

    static let waiting = FrontEndFrame(
        type: .notice, time: "2027-01-15T08:00:00.000Z", level: "info", message: "waiting for mates: 0 of 1"
    )

    static let status = FrontEndFrame(
        type: .status, time: "2027-01-15T08:01:05.000Z", stage: "running", elapsed: "01:05", elapsedSeconds: 65,
        mode: "race", goal: "1.00 km", goalMetres: 1000, runners: [alice, bob], leader: "alice", message: "running to 1.00 km"
    )

    static var result: FrontEndFrame {
        var winner = alice
        winner.state = "finished"
        winner.distance = "1.00 km"
        winner.distanceMetres = 1001.5
        winner.progress = 1
        winner.time = "05:21"
        winner.timeSeconds = 321.25
        winner.finishSeconds = 321.25
        var second = bob
        second.state = "finished"
        second.distance = "1.00 km"
        second.distanceMetres = 1000.75
        second.progress = 1
        second.time = "05:40"
        second.timeSeconds = 340
        second.finishSeconds = 340
        return FrontEndFrame(
            type: .result, time: "2027-01-15T08:05:40.000Z", stage: "complete", elapsed: "05:21", elapsedSeconds: 321.25,
            mode: "race", goal: "1.00 km", goalMetres: 1000, runners: [winner, second], leader: "alice", winner: winner,
            message: "alice wins in 05:21"
        )
    }
}

// MARK: Frames of the run flow (invitation, countdown, cheers) and the world clock

extension SampleFrames {
    static let invitation = FrontEndFrame(
        type: .invitation, time: "2027-01-15T07:59:50.000Z",
        invitation: FrontEndInvitation(
            id: "inv-7", from: "bob", mode: "race", goal: "1.00 km", goalMetres: 1000,
            expires: "2027-01-15T08:00:00.000Z", secondsLeft: 10
        )
    )

    /// The same invitation, in `state`.
    static func invitation(_ state: FrontEndInvitation.State) -> FrontEndFrame {
        var frame = invitation
        frame.invitation?.state = state.rawValue
        frame.invitation?.secondsLeft = 0
        return frame
    }

    /// The status frame of a spectator's screen: it takes `stop` alone.
    static var spectatorStatus: FrontEndFrame {
        var frame = status
        frame.inputs = ["stop"]
        return frame
    }

    static func countdown(_ left: Int) -> FrontEndFrame {
        FrontEndFrame(
            type: .countdown, time: "2027-01-15T08:00:0\(3 - left).000Z",
            countdown: FrontEndCountdown(secondsLeft: left, startsAt: "2027-01-15T08:00:03.000Z")
        )
    }

    /// The joiner's wait line with `left` seconds left (0: the line ends).
    static func waitLine(_ left: Int) -> FrontEndFrame {
        left > 0
            ? FrontEndFrame(
                type: .waiting, time: "2026-05-01T10:00:0\(7 - left).000Z",
                message: "alice is waiting for an invitation: \(left) s left",
                waiting: FrontEndWaiting(secondsLeft: left, until: "2026-05-01T10:00:07.000Z")
            )
            : FrontEndFrame(type: .waiting, time: "2026-05-01T10:00:07.000Z")
    }

    static let cheer = FrontEndFrame(
        type: .cheer, time: "2027-01-15T08:01:06.000Z", cheer: FrontEndCheer(from: "bob", to: "alice", emoji: "👏")
    )

    /// The status frame with pace and calories, as the Domain gives them.
    /// A run on gpsd, with its receiver's state: no fix yet, or a 3D fix and its accuracy.
    static func statusWithPosition(_ state: String, accuracy: Double? = nil, summary: String) -> FrontEndFrame {
        var frame = status
        frame.position = FrontEndPosition(source: "gpsd", state: state, accuracyMetres: accuracy, summary: summary)
        return frame
    }

    /// A 3D fix at ±23 m with every fix dropped by the 20 m accuracy limit (a cheap receiver).
    static var statusWithDroppedFixes: FrontEndFrame {
        var frame = statusWithPosition("fix_3d", accuracy: 23, summary: "GPS 3D fix ±23 m")
        frame.position?.droppedFixes = FrontEndDroppedFixes(
            count: 12, maximumAccuracyMetres: 20, summary: "fixes dropped: accuracy 23 m > 20 m ×12; raise with --max-accuracy"
        )
        return frame
    }

    static var statusWithCalories: FrontEndFrame {
        var frame = status
        frame.runners = [alice, bob].enumerated().map { index, runner in
            var runner = runner
            runner.pace = index == 0 ? "2:32 /km" : "2:46 /km"
            runner.speedMetresPerSecond = runner.distanceMetres / 65
            runner.calories = index == 0 ? "7 kcal" : "6 kcal"
            runner.caloriesKcal = index == 0 ? 7.3 : 6.5
            return runner
        }
        return frame
    }

    static let clock = FrontEndFrame(
        type: .clock, time: "2027-01-15T08:00:00.000Z", message: "yesterday on the system clock",
        clock: FrontEndClock(
            source: "system clock", instant: "2027-01-14T08:00:00.000Z", dayOffset: -1, day: "yesterday",
            offset: "+0.000 s", offsetSeconds: 0, uncertainty: "unknown", uncertaintySeconds: nil,
            zones: [
                FrontEndZoneTime(zone: "Europe/Paris", date: "2027-01-14", weekday: "Thu", time: "09:00:00", utcOffset: "+01:00"),
                FrontEndZoneTime(zone: "Asia/Seoul", date: "2027-01-14", weekday: "Thu", time: "17:00:00", utcOffset: "+09:00"),
            ]
        )
    )
}

// MARK: A course race

extension SampleFrames {
    static let course = FrontEndFrame(
        type: .course, time: "2027-01-15T08:00:00.000Z", message: "course Lake loop: 1.91 km, 2 laps",
        course: FrontEndCourse(
            name: "Lake loop", file: "lake.gpx", digest: "00a1b2c3d4e5f607", laps: 2, length: "1.91 km",
            lengthMetres: 1_912.4, totalMetres: 3_824.8, points: [[45.7721, 14.3576], [45.7700, 14.3600], [45.7718, 14.3578]]
        )
    )

    /// alice on her second lap, bob off course (his progress held).
    static var statusOnCourse: FrontEndFrame {
        var frame = status
        var alice = alice
        alice.offCourse = false
        alice.course = FrontEndRunnerCourse(
            progressMetres: 2_001.5, lap: 2, latitude: 45.7715, longitude: 14.3581, gpsDistanceMetres: 2_060.2
        )
        // Her first lap done (lap times).
        alice.laps = ["8:01"]
        alice.lapsSeconds = [481.25]
        var bob = bob
        bob.offCourse = true
        bob.course = FrontEndRunnerCourse(progressMetres: 390.25, lap: 1, latitude: 45.7702, longitude: 14.3597)
        frame.runners = [alice, bob]
        return frame
    }
}

// MARK: A race with a ghost (run --ghost)

extension SampleFrames {
    /// alice's past run, replayed as a ghost: ahead of bob.
    static let ghost = FrontEndRunner(
        id: "9e3779b97f4a7cb4", name: "alice", me: false, rank: 2, state: "running", distance: "0.40 km",
        distanceMetres: 401, progress: 0.401, leader: false, time: "01:05", timeSeconds: 65, finishSeconds: nil, ghost: true
    )

    /// The same past run announced by a mate, carol (in an open race anyone may announce one).
    static var statusWithAnnouncedGhost: FrontEndFrame {
        var frame = statusWithGhost
        frame.runners?[1].announcedBy = "carol"
        return frame
    }

    static var statusWithGhost: FrontEndFrame {
        var frame = status
        var bob = bob
        bob.rank = 3
        frame.runners = [alice, ghost, bob]
        return frame
    }

    /// The ghost wins: the result says so.
    static var resultWithGhost: FrontEndFrame {
        var frame = result
        var ghost = ghost
        ghost.rank = 1
        ghost.state = "finished"
        ghost.distance = "1.00 km"
        ghost.distanceMetres = 1000
        ghost.progress = 1
        ghost.time = "05:00"
        ghost.timeSeconds = 300
        ghost.finishSeconds = 300
        ghost.leader = true
        var runners = frame.runners ?? []
        for index in runners.indices {
            runners[index].rank = index + 2
            runners[index].leader = false
        }
        frame.runners = [ghost] + runners
        frame.winner = ghost
        frame.leader = "alice"
        frame.message = "the ghost alice wins in 05:00"
        return frame
    }
}
