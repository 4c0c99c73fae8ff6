import AudioCues
import Testing

/// The queue policy: newer replaces stale of the same slot, the countdown always wins, late cues drop.
@Suite("CueQueue: speech never piles up")
struct CueQueueTests {
    static func cue(_ sequence: Int, _ kind: CueKind, slot: String? = nil, at seconds: Double = 0) -> Cue {
        Cue(sequence: sequence, kind: kind, slot: slot, time: "", seconds: seconds, text: "\(kind.rawValue) \(sequence)")
    }

    @Test("a newer cue of the same slot replaces the waiting one and takes the end of the line")
    func replacement() {
        var queue = CueQueue()
        queue.offer(Self.cue(0, .split), at: 0)
        queue.offer(Self.cue(1, .cheer, slot: "cheer:bob"), at: 0)
        let replaced = queue.offer(Self.cue(2, .split), at: 1)
        #expect(replaced.map(\.sequence) == [0])
        #expect(queue.cues.map(\.sequence) == [1, 2])
        // Another slot of the same kind is other news: both stay.
        #expect(queue.offer(Self.cue(3, .cheer, slot: "cheer:carol"), at: 1).isEmpty)
        #expect(queue.cues.map(\.sequence) == [1, 2, 3])
    }

    @Test("the countdown goes before everything waiting, after earlier countdown cues, and a newer second replaces an older one")
    func countdownFirst() {
        var queue = CueQueue()
        queue.offer(Self.cue(0, .gap), at: 0)
        queue.offer(Self.cue(1, .pass, slot: "pass:bob"), at: 0)
        queue.offer(Self.cue(2, .countdown), at: 0)
        #expect(queue.cues.map(\.sequence) == [2, 0, 1])
        let replaced = queue.offer(Self.cue(3, .countdown), at: 1)
        #expect(replaced.map(\.sequence) == [2])
        queue.offer(Self.cue(4, .start), at: 1)
        #expect(queue.cues.map(\.sequence) == [3, 4, 0, 1])
        #expect(queue.next(at: 1).cue?.sequence == 3)
    }

    @Test("a cue that waited longer than its kind allows is dropped as stale; the result never is")
    func stale() {
        var queue = CueQueue()
        queue.offer(Self.cue(0, .split), at: 0)
        queue.offer(Self.cue(1, .gap), at: 0)
        queue.offer(Self.cue(2, .result), at: 0)
        let first = queue.next(at: 11)
        #expect(first.cue?.sequence == 2)
        #expect(first.stale.map(\.sequence) == [0, 1])
        #expect(queue.next(at: 12).cue == nil)

        queue.offer(Self.cue(3, .split), at: 20)
        #expect(queue.next(at: 29.9).cue?.sequence == 3, "within 10 s a split is still news")
    }

    @Test("only the countdown and the start cut what is playing, and never each other")
    func cuts() {
        for kind in CueKind.allCases {
            #expect(CueQueue.cuts(Self.cue(0, kind), for: Self.cue(1, .countdown)) == !kind.isUrgent)
            #expect(CueQueue.cuts(Self.cue(0, kind), for: Self.cue(1, .start)) == !kind.isUrgent)
            #expect(!CueQueue.cuts(Self.cue(0, kind), for: Self.cue(1, .split)))
        }
    }
}
