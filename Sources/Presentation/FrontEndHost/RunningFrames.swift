import AsyncAlgorithms
import Domain
import Foundation
import FrontEndKit

/// Binds the running view model's outputs to front-end frames: a `status` frame whenever the
/// elapsed time or the board changes, a `notice` for each message, and the `result` frame last,
/// after every other output has ended.
///
/// Frames are made as the consumer takes them (the stream is pulled through a channel): a consumer
/// slower than the race gets a status frame of the latest board rather than a growing queue of old ones.
public enum RunningFrames {
    public static func frames(from output: RunningViewModel.Output, clock: any RaceClock) -> AsyncStream<FrontEndFrame> {
        enum Event: Sendable {
            case elapsed(String)
            case board(RaceBoard)
            case result(RaceResultDisplay)
            case notice(Notice)
        }
        let channel = AsyncChannel<FrontEndFrame>()
        let task = Task {
            let events = merge(
                output.elapsedTime.map { Event.elapsed($0) },
                output.board.map { Event.board($0) },
                merge(output.result.map { Event.result($0) }, output.notice.map { Event.notice($0) })
            )
            var elapsed = "00:00"
            var board: RaceBoard?
            var result: RaceResultDisplay?
            for await event in events {
                let time = DisplayFormat.timestamp(clock.now)
                switch event {
                case .elapsed(let text):
                    elapsed = text
                case .board(let latest):
                    board = latest
                case .result(let final):
                    result = final
                    continue
                case .notice(let notice):
                    await channel.send(FrontEndFrame(type: .notice, time: time, level: notice.level.rawValue, message: notice.message))
                    continue
                }
                if let board { await channel.send(statusFrame(board, elapsed: elapsed, time: time)) }
            }
            if let result {
                await channel.send(resultFrame(result, time: DisplayFormat.timestamp(clock.now)))
            }
            channel.finish()
        }
        let frames = FrameIterator(channel.makeAsyncIterator())
        return AsyncStream(unfolding: { await frames.next() }, onCancel: { task.cancel() })
    }

    static func statusFrame(_ board: RaceBoard, elapsed: String, time: String) -> FrontEndFrame {
        FrontEndFrame(
            type: .status, time: time, stage: board.stage, elapsed: elapsed,
            elapsedSeconds: board.rows.first(where: \.isMe).map(\.timeSeconds),
            mode: board.mode, goal: board.goal, goalMetres: board.goalMetres,
            runners: board.rows.map(runner), leader: board.leader, message: board.headline
        )
    }

    static func resultFrame(_ result: RaceResultDisplay, time: String) -> FrontEndFrame {
        let board = result.board
        return FrontEndFrame(
            type: .result, time: time, stage: board.stage,
            elapsed: board.rows.first(where: \.isMe)?.time,
            elapsedSeconds: board.rows.first(where: \.isMe).map(\.timeSeconds),
            mode: board.mode, goal: board.goal, goalMetres: board.goalMetres,
            runners: board.rows.map(runner), leader: board.leader, winner: result.winner.map(runner),
            message: result.summary
        )
    }

    static func runner(_ row: RunnerRow) -> FrontEndRunner {
        FrontEndRunner(
            id: row.id, name: row.name, me: row.isMe, rank: row.rank, state: row.state, distance: row.distance,
            distanceMetres: row.distanceMetres, progress: row.progress, leader: row.isLeader, time: row.time,
            timeSeconds: row.timeSeconds, finishSeconds: row.finishSeconds, pace: row.pace,
            speedMetresPerSecond: row.speedMetresPerSecond, calories: row.calories, caloriesKcal: row.caloriesKcal
        )
    }
}

/// The channel's iterator, for the one consumer of `RunningFrames.frames`'s stream (whose unfolding
/// closure calls `next()` one call at a time).
private final class FrameIterator: @unchecked Sendable {
    private var iterator: AsyncChannel<FrontEndFrame>.Iterator

    init(_ iterator: AsyncChannel<FrontEndFrame>.Iterator) {
        self.iterator = iterator
    }

    func next() async -> FrontEndFrame? {
        await iterator.next()
    }
}
