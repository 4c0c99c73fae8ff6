import Domain
import Foundation
import FrontEndKit
import MateRunnerTesting
@testable import Presentation
import Testing

/// The running view model's outputs bound to front-end frames: status frames on every change, notice
/// frames as they come, and the result frame last of all.
@Suite("RunningFrames")
struct RunningFramesTests {
    /// Output streams the test feeds by hand, and the frames they become.
    struct Feed {
        let clock = ManualRaceClock()
        let elapsed = AsyncStream.makeStream(of: String.self)
        let board = AsyncStream.makeStream(of: RaceBoard.self)
        let result = AsyncStream.makeStream(of: RaceResultDisplay.self)
        let notice = AsyncStream.makeStream(of: Notice.self)
        let frames = Locked<[FrontEndFrame]>([])
        let ended = Locked(false)
        /// How many elapsed times the frames have taken from their stream so far.
        let elapsedTaken = Locked(0)

        var received: [FrontEndFrame] { frames.withLock { $0 } }

        func start() -> Task<Void, Never> {
            // The elapsed times, counted as they are taken: a test can wait until one is in before it
            // sends a board, since the frames merge the two streams in the order they take from them.
            let source = ElapsedSource(elapsed.stream.makeAsyncIterator())
            let taken = elapsedTaken
            let counted = AsyncStream<String> {
                let next = await source.next()
                if next != nil { taken.withLock { $0 += 1 } }
                return next
            }
            let stream = RunningFrames.frames(
                from: RunningViewModel.Output(
                    elapsedTime: counted, board: board.stream, result: result.stream, notice: notice.stream
                ),
                clock: clock
            )
            return Task { [frames, ended] in
                for await frame in stream { frames.withLock { $0.append(frame) } }
                ended.withLock { $0 = true }
            }
        }

        func waitForFrames(_ count: Int) async throws {
            try await waitUntil("\(count) frames") { received.count >= count }
            #expect(received.count == count)
        }

        func finishAll() {
            elapsed.continuation.finish()
            board.continuation.finish()
            result.continuation.finish()
            notice.continuation.finish()
        }
    }

    static let complete = Sample.snapshot(.complete, [
        Sample.progress(Sample.ana, .finished, elapsed: 21, distance: 100, finishTime: 20.5),
        Sample.progress(Sample.bor, .finished, elapsed: 25, distance: 100, finishTime: 24),
    ])
    static let running = Sample.snapshot(.running, [
        Sample.progress(Sample.ana, elapsed: 10, distance: 52), Sample.progress(Sample.bor, elapsed: 10, distance: 48),
    ])

    @Test("status on every change, notices as they come, and the result frame last, after everything else")
    func ordering() async throws {
        let feed = Feed()
        let task = feed.start()
        defer { task.cancel() }

        // The result arrives first, but is held until every other output has ended.
        feed.result.continuation.yield(RaceResultDisplay(Self.complete))
        // No board yet: an elapsed time alone gives no frame.
        feed.elapsed.continuation.yield("00:09")
        try await waitUntil("the elapsed time to be taken") { feed.elapsedTaken.withLock { $0 } == 1 }
        feed.board.continuation.yield(RaceBoard(Self.running))
        try await feed.waitForFrames(1)
        feed.elapsed.continuation.yield("00:10")
        try await feed.waitForFrames(2)
        feed.notice.continuation.yield(Notice(level: .warning, message: "bor is lost"))
        try await feed.waitForFrames(3)
        feed.board.continuation.yield(RaceBoard(Self.complete))
        try await feed.waitForFrames(4)
        feed.finishAll()
        try await waitUntil("the frame stream to end") { feed.ended.withLock { $0 } }

        let frames = feed.received
        #expect(frames.map(\.type) == [.status, .status, .notice, .status, .result])
        #expect(frames.filter { $0.type == .result }.count == 1)
        #expect(frames.last?.type == .result)
        #expect(frames.map(\.elapsed) == ["00:09", "00:10", nil, "00:10", "00:20"])
        #expect(frames.map(\.stage) == ["running", "running", nil, "complete", "complete"])
        #expect(frames.allSatisfy { $0.time == "2027-01-15T08:00:00.000Z" && $0.schema == FrontEndFrame.currentSchema })

        let status = frames[0]
        #expect(status.mode == "race")
        #expect(status.goal == "0.10 km")
        #expect(status.goalMetres == 100)
        #expect(status.leader == "ana")
        #expect(status.message == "running to 0.10 km")
        #expect(status.elapsedSeconds == 10)
        #expect(status.runners?.map(\.name) == ["ana", "bor"])
        #expect(status.runners?.map(\.distance) == ["0.05 km", "0.04 km"])
        #expect(status.runners?.map(\.me) == [true, false])
        #expect(status.runners?.map(\.leader) == [true, false])
        #expect(status.winner == nil)

        #expect(frames[2].level == "warning")
        #expect(frames[2].message == "bor is lost")
        #expect(frames[2].runners == nil)

        let result = frames[4]
        #expect(result.message == "ana wins in 00:20")
        #expect(result.winner?.name == "ana")
        #expect(result.winner?.finishSeconds == 20.5)
        #expect(result.runners?.map(\.rank) == [1, 2])
        #expect(result.elapsedSeconds == 20.5)
    }

    @Test("without a result, the frames simply end after the last status")
    func noResult() async throws {
        let feed = Feed()
        let task = feed.start()
        defer { task.cancel() }
        feed.board.continuation.yield(RaceBoard(Self.running))
        try await feed.waitForFrames(1)
        feed.notice.continuation.yield(Notice(level: .error, message: "boom"))
        try await feed.waitForFrames(2)
        feed.finishAll()
        try await waitUntil("the frame stream to end") { feed.ended.withLock { $0 } }
        #expect(feed.received.map(\.type) == [.status, .notice])
    }

    @Test("the frames of a real view model run end with the result")
    func fromViewModel() async throws {
        let clock = ManualRaceClock()
        let race = FakeRaceSession()
        let loaded = AsyncStream.makeStream(of: Void.self)
        let stop = AsyncStream.makeStream(of: Void.self)
        let output = RunningViewModel(dependency: .init(race: race, clock: clock))
            .transform(input: .init(viewDidLoad: loaded.stream, stopRequested: stop.stream))
        let frames = Locked<[FrontEndFrame]>([])
        let ended = Locked(false)
        let task = Task { [frames, ended] in
            for await frame in RunningFrames.frames(from: output, clock: clock) { frames.withLock { $0.append(frame) } }
            ended.withLock { $0 = true }
        }
        defer { task.cancel() }

        loaded.continuation.yield(())
        race.send(Self.running)
        try await waitUntil("a status frame") { frames.withLock { $0.contains { $0.stage == "running" } } }
        race.send(Self.complete)
        try await waitUntil("the complete status frame") { frames.withLock { $0.contains { $0.stage == "complete" } } }
        race.finish()
        try await waitUntil("the frame stream to end") { ended.withLock { $0 } }

        let all = frames.withLock { $0 }
        #expect(all.last?.type == .result)
        #expect(all.filter { $0.type == .result }.count == 1)
        #expect(all.last?.message == "ana wins in 00:20")
        #expect(all.dropLast().allSatisfy { $0.type == .status })
    }
}

/// The feed's elapsed-time iterator, for the one consumer of the counted stream.
private final class ElapsedSource: @unchecked Sendable {
    private var iterator: AsyncStream<String>.Iterator

    init(_ iterator: AsyncStream<String>.Iterator) {
        self.iterator = iterator
    }

    func next() async -> String? {
        await iterator.next()
    }
}
