import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The race clock follows the host's estimated clock and never goes backwards.
@Suite("ClockSlew")
struct ClockSlewTests {
    @Test("ahead: the correction steps forward at once")
    func stepForward() {
        var slew = ClockSlew()
        #expect(slew.advance(toward: 0.250, atLocal: 10) == 0.250)
        #expect(slew.raceTime(atLocal: 10) == 10.250)
    }

    @Test("behind: the correction shrinks at most half a second per second, and the time never goes back")
    func slewBackward() {
        var slew = ClockSlew()
        slew.advance(toward: 2, atLocal: 0)
        var times: [TimeInterval] = []
        for step in 1...10 {
            let local = Double(step) * 0.5
            slew.advance(toward: -1, atLocal: local)
            times.append(slew.raceTime(atLocal: local))
        }
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        // 3 s to give back at 0.5 s/s: 6 s of local time; after 5 s it is still 0.5 s above the target.
        #expect(abs(times[9] - (5 + -0.5)) < 1e-9)
        slew.advance(toward: -1, atLocal: 7)
        #expect(slew.applied == -1)
    }

    @Test("local time that goes back counts as none, and a non-finite target is ignored")
    func oddInputs() {
        var slew = ClockSlew()
        slew.advance(toward: 1, atLocal: 5)
        slew.advance(toward: 0, atLocal: 3)
        #expect(slew.applied == 1)
        #expect(slew.raceTime(atLocal: 3) == 6)
        slew.advance(toward: .nan, atLocal: 6)
        slew.advance(toward: .infinity, atLocal: 6)
        #expect(slew.applied == 1)
    }

    @Test("random targets and steps: the race time never decreases", arguments: [1, 2, 3, 4, 5] as [UInt64])
    func neverBackwards(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var slew = ClockSlew()
        var local: TimeInterval = 0
        var last = -Double.infinity
        for _ in 0..<2_000 {
            local += Double(random.next() % 1_000) / 1_000
            slew.advance(toward: Double(Int(random.next() % 2_001) - 1_000) / 100, atLocal: local)
            let time = slew.raceTime(atLocal: local)
            #expect(time >= last)
            last = time
        }
    }
}
