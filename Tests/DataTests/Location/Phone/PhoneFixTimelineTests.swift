import Data
import Domain
import Foundation
import Testing

/// A phone's positions on the race clock: their own time, time order after a late burst, once each.
@Suite("Phone fix timeline: own time, late bursts in order, duplicates and late fixes refused")
struct PhoneFixTimelineTests {
    let raceStart = Date(timeIntervalSinceReferenceDate: 1_000_000)
    /// The phone's clock: 40 s behind the race clock, whatever it says.
    let phoneEpoch = Date(timeIntervalSince1970: 1_764_583_200)

    func report(_ second: Double, metres: Double = 0) -> PositionReport {
        let origin = Coordinate(latitude: 46.05, longitude: 14.5)
        return PositionReport(
            coordinate: Geodesy.destination(from: origin, metres: metres, bearing: 90),
            time: phoneEpoch.addingTimeInterval(second), horizontalError: 5
        )
    }

    /// Race time for the phone's second `second`, arrived fresh (no delay).
    func race(_ second: Double) -> Date { raceStart.addingTimeInterval(second) }

    /// Milliseconds after the race start, rounded.
    func milliseconds(_ time: Date) -> Double { (time.timeIntervalSince(raceStart) * 1000).rounded() }

    @Test("Live fixes keep the phone's spacing and come out after the phone is quiet for a while")
    func live() {
        var timeline = PhoneFixTimeline(start: raceStart)
        #expect(throws: Never.self) { try timeline.receive(report(0), at: race(0), wall: 0) }
        #expect(timeline.release(wall: 1).fixes.isEmpty)
        let out = timeline.release(wall: 2)
        #expect(out.fixes.map(\.timestamp) == [race(0)])
        #expect(out.fixes.first?.horizontalAccuracy == 5)
    }

    @Test(
        "300 fixes queued in a coverage gap, live ones mixed in, come out in measured order at measured times"
    )
    func lateBurstInterleaved() throws {
        var timeline = PhoneFixTimeline(start: raceStart)
        try timeline.receive(report(0, metres: 0), at: race(0.2), wall: 0.2)
        _ = timeline.release(wall: 3)
        // Out of coverage from second 10 to 310 (one fix a second queued); back at 310.5: the live fix of
        // second 310 arrives first, then the queue, then the live fix of second 311 in the middle of it.
        let arrival = race(310.5)
        try timeline.receive(report(310, metres: 310 * 3), at: arrival, wall: 310.5)
        for second in 10..<310 {
            try timeline.receive(
                report(Double(second), metres: Double(second) * 3),
                at: arrival.addingTimeInterval(Double(second - 10) * 0.01), wall: 310.5 + Double(second - 10) * 0.01
            )
            if second == 150 {
                try timeline.receive(report(311, metres: 311 * 3), at: arrival.addingTimeInterval(1.4), wall: 311.9)
            }
        }
        #expect(timeline.release(wall: 313).fixes.isEmpty)
        let out = timeline.release(wall: 316)
        #expect(out.refused.isEmpty)
        #expect(out.fixes.count == 302)
        // At their own times (to the millisecond: the offset is a difference of two large instants).
        #expect(out.fixes.map { milliseconds($0.timestamp) } == (10...311).map { Double($0) * 1000 + 200 })
    }

    @Test(
        "A repeat is a duplicate; one older than a fix handed on is late; one before the start is refused"
    )
    func refusals() throws {
        var timeline = PhoneFixTimeline(start: raceStart)
        try timeline.receive(report(-30), at: race(0), wall: 0)
        try timeline.receive(report(5), at: race(5), wall: 5)
        #expect(throws: PhoneRefusal.duplicate) { try timeline.receive(report(5), at: race(5.5), wall: 5.5) }
        let first = timeline.release(wall: 8)
        #expect(first.fixes.map(\.timestamp) == [race(5)])
        #expect(first.refused == [.beforeStart])
        try timeline.receive(report(3, metres: 1), at: race(9), wall: 9)
        #expect(timeline.release(wall: 12).refused == [.late])
    }

    @Test("A burst longer than the maximum hold, after a live fix that overtook it, flows out in order: none late")
    func longBurst() throws {
        var timeline = PhoneFixTimeline(start: raceStart)
        try timeline.receive(report(0), at: race(0), wall: 0)
        _ = timeline.release(wall: 3)
        try timeline.receive(report(400, metres: 1200), at: race(400), wall: 400)
        var out: [Fix] = []
        var refused: [PhoneRefusal] = []
        for second in 1..<400 {
            let wall = 400 + Double(second) * 0.05
            try timeline.receive(report(Double(second), metres: Double(second) * 3), at: race(wall), wall: wall)
            let released = timeline.release(wall: wall)
            out += released.fixes
            refused += released.refused
        }
        let last = timeline.release(wall: 430)
        out += last.fixes
        refused += last.refused
        #expect(refused.isEmpty)
        #expect(out.map(\.timestamp) == (1...400).map { race(Double($0)) })
        #expect(out.count > 0)
    }

    @Test("Arrivals that never pause are still handed on once the oldest waited the maximum hold")
    func maximumHold() throws {
        var timeline = PhoneFixTimeline(start: raceStart)
        for second in 0..<7 {
            try timeline.receive(
                report(Double(second), metres: Double(second) * 3), at: race(Double(second)), wall: Double(second))
        }
        #expect(timeline.nextRelease == 6)
        // What is older than every arrival of the last 2 s (those of seconds 5 and 6) goes; they wait.
        #expect(timeline.release(wall: 6).fixes.map(\.timestamp) == (0...4).map { race(Double($0)) })
        #expect(timeline.nextRelease == 8)
        #expect(timeline.release(wall: 8).fixes.map(\.timestamp) == [race(5), race(6)])
    }

    @Test("A report without a time of its own is placed at its arrival")
    func untimed() throws {
        var timeline = PhoneFixTimeline(start: raceStart)
        var untimed = report(0)
        untimed.time = nil
        try timeline.receive(untimed, at: race(4), wall: 4)
        #expect(timeline.release(wall: 7).fixes.map(\.timestamp) == [race(4)])
    }
}
