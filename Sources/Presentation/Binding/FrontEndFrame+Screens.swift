import FrontEndKit

// MARK: Every frame the binder makes, each type made here and nowhere else

extension FrontEndFrame {
    /// The `status` frame of the running screen's state.
    public static func status(_ status: RunningStatus, time: String) -> FrontEndFrame {
        let board = status.board
        return FrontEndFrame(
            type: .status, time: time, stage: board.stage, elapsed: status.elapsed, elapsedSeconds: status.elapsedSeconds,
            mode: board.mode, goal: board.goal, goalMetres: board.goalMetres, runners: board.runners,
            leader: board.leader, message: board.headline, position: status.position,
            inputs: status.inputs.isEmpty ? nil : status.inputs
        )
    }

    /// The `result` frame at the end of a run.
    static func result(_ result: RunningResult, time: String) -> FrontEndFrame {
        let board = result.board
        return FrontEndFrame(
            type: .result, time: time, stage: board.stage, elapsed: result.elapsed, elapsedSeconds: result.elapsedSeconds,
            mode: board.mode, goal: board.goal, goalMetres: board.goalMetres, runners: board.runners,
            leader: board.leader, winner: result.winner, message: result.summary
        )
    }

    /// A `notice` frame.
    static func notice(_ notice: Notice, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .notice, time: time, level: notice.level.rawValue, message: notice.message)
    }

    /// A `cheer` frame.
    static func cheer(_ cheer: FrontEndCheer, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .cheer, time: time, cheer: cheer)
    }

    /// An `invitation` frame.
    static func invitation(_ invitation: FrontEndInvitation, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .invitation, time: time, invitation: invitation)
    }

    /// A `countdown` frame.
    static func countdown(_ countdown: FrontEndCountdown, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .countdown, time: time, countdown: countdown)
    }

    /// A `waiting` frame: the joiner's wait line, or its end (`nil`).
    static func waiting(_ line: JoinerWaitLine?, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .waiting, time: time, message: line?.message, waiting: line?.waiting)
    }

    /// The `course` frame, with a line such as `course Lake loop: 1.91 km, 3 laps`.
    static func course(_ course: FrontEndCourse, time: String) -> FrontEndFrame {
        let laps = course.laps > 1 ? ", \(course.laps) laps" : ""
        return FrontEndFrame(type: .course, time: time, message: "course \(course.name): \(course.length)\(laps)", course: course)
    }

    /// A `clock` frame, with a line such as `today on the system clock`.
    static func clock(_ clock: FrontEndClock, time: String) -> FrontEndFrame {
        FrontEndFrame(type: .clock, time: time, message: "\(clock.day) on the \(clock.source)", clock: clock)
    }
}
