import AsyncAlgorithms
import Domain
import FrontEndKit

/// Binds the world clock view model's outputs to front-end frames: a `clock` frame per board and a
/// `notice` per message, in the order they come.
public enum WorldClockFrames {
    /// The frames for `output`, stamped with `clock`'s time; ends when both outputs have ended.
    public static func frames(from output: WorldClockViewModel.Output, clock: any RaceClock) -> AsyncStream<FrontEndFrame> {
        enum Event: Sendable {
            case board(WorldClockBoard)
            case notice(Notice)
        }
        let (stream, continuation) = AsyncStream.makeStream(of: FrontEndFrame.self, bufferingPolicy: .unbounded)
        let task = Task {
            for await event in merge(output.board.map { Event.board($0) }, output.notice.map { Event.notice($0) }) {
                let time = DisplayFormat.timestamp(clock.now)
                switch event {
                case .board(let board):
                    continuation.yield(frame(board, time: time))
                case .notice(let notice):
                    continuation.yield(FrontEndFrame(type: .notice, time: time, level: notice.level.rawValue, message: notice.message))
                }
            }
            continuation.finish()
        }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    /// The `clock` frame for `board`.
    public static func frame(_ board: WorldClockBoard, time: String) -> FrontEndFrame {
        FrontEndFrame(
            type: .clock, time: time,
            message: "\(board.day) on the \(board.source)",
            clock: FrontEndClock(
                source: board.source, instant: board.instant, dayOffset: board.dayOffset, day: board.day,
                offset: board.offset, offsetSeconds: board.offsetSeconds, uncertainty: board.uncertainty,
                uncertaintySeconds: board.uncertaintySeconds,
                zones: board.rows.map {
                    FrontEndZoneTime(zone: $0.zone, date: $0.date, weekday: $0.weekday, time: $0.time, utcOffset: $0.utcOffset)
                }
            )
        )
    }
}
