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
