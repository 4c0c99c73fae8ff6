import AudioCues
import Testing

/// Cues laid on the race's timeline for a WAV: at their instant, back to back, replaced, cut, stale.
@Suite("CueTimeline: the WAV's schedule")
struct CueTimelineTests {
    typealias Settled = [(cue: Cue, outcome: CueOutcome)]

    static func describe(_ settled: Settled) -> [String] {
        settled.map { cue, outcome in
            switch outcome {
            case let .played(start, duration, cut): "\(cue.sequence) \(cut ? "cut" : "played") \(start)+\(duration)"
            default: "\(cue.sequence) \(outcome.name)"
            }
        }
    }

    /// Every cue sounds 3 s, a tone 0.5 s.
    static func length(_ cue: Cue) -> Double { cue.kind.isUrgent ? 0.5 : 3 }

    @Test("a cue plays at its instant when nothing plays; the next waits for the end of the one before")
    func backToBack() {
        var timeline = CueTimeline()
        var settled: Settled = []
        settled += timeline.offer(CueQueueTests.cue(0, .split, at: 10), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(1, .cheer, slot: "cheer:bob", at: 11), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(2, .pass, slot: "pass:bob", at: 20), length: Self.length)
        settled += timeline.finish(length: Self.length)
        #expect(Self.describe(settled) == ["0 played 10.0+3.0", "1 played 13.0+3.0", "2 played 20.0+3.0"])
        #expect(timeline.end == 23)
    }

    @Test("a waiting cue replaced by a newer one of its slot is never heard; the newer one plays in its place")
    func replaced() {
        var timeline = CueTimeline()
        var settled: Settled = []
        settled += timeline.offer(CueQueueTests.cue(0, .invitation, at: 0), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(1, .gap, at: 1), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(2, .gap, at: 2), length: Self.length)
        settled += timeline.finish(length: Self.length)
        #expect(Self.describe(settled) == ["1 replaced", "0 played 0.0+3.0", "2 played 3.0+3.0"])
    }

    @Test("the countdown cuts the cue playing at its instant and sounds exactly then")
    func countdownCuts() {
        var timeline = CueTimeline()
        var settled: Settled = []
        settled += timeline.offer(CueQueueTests.cue(0, .invitation, at: 0), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(1, .notice, at: 0.5), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(2, .countdown, at: 2), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(3, .countdown, at: 3), length: Self.length)
        settled += timeline.offer(CueQueueTests.cue(4, .start, at: 5), length: Self.length)
        settled += timeline.finish(length: Self.length)
        #expect(Self.describe(settled) == Self.expectedCountdown)
    }

    static let expectedCountdown = [
        // The invitation is cut at the first beep; the notice starts after that beep and is cut by the
        // second; the start tone at 5 s finds nothing playing and sounds on the dot.
        "0 cut 0.0+2.0", "2 played 2.0+0.5", "1 cut 2.5+0.5", "3 played 3.0+0.5", "4 played 5.0+0.5",
    ]

    @Test("a split that waited behind a long cue more than 10 s is dropped, not read late")
    func staleSplit() {
        var timeline = CueTimeline()
        var settled: Settled = []
        settled += timeline.offer(CueQueueTests.cue(0, .result, at: 0), length: { _ in 12 })
        settled += timeline.offer(CueQueueTests.cue(1, .split, at: 1), length: { _ in 12 })
        settled += timeline.finish(length: { _ in 12 })
        #expect(Self.describe(settled) == ["0 played 0.0+12.0", "1 stale"])
    }
}
