@testable import Data
import Domain
import Foundation
import Synchronization
import Testing

/// The race clock of `run`: this machine's clock corrected toward the host's estimated clock, never
/// backwards, and what the world clock reads from it.
@Suite("AgreedRaceClock")
struct AgreedRaceClockTests {
    static let origin = Date(timeIntervalSince1970: 1_800_000_000)

    /// A source whose estimate and role the test sets.
    final class FakeSource: Sendable {
        let estimate = Mutex(RaceClockEstimate())
        let isHost = Mutex(false)
        let real = Mutex<TimeInterval>(0)

        var source: AgreedRaceClock.Source {
            AgreedRaceClock.Source(estimate: { self.estimate.withLock { $0 } }, isHostWithMates: { self.isHost.withLock { $0 } })
        }

        /// One exchange with `offset` (host minus us) and a round trip of `delay` seconds.
        func exchange(offset: TimeInterval, delay: TimeInterval) {
            let t1 = 0.0
            estimate.withLock { estimate in
                estimate = RaceClockEstimate()
                estimate.add(ClockExchange(t1: t1, t2: t1 + delay / 2 + offset, t3: t1 + delay / 2 + offset, t4: t1 + delay))
            }
        }
    }

    private func clock(_ fake: FakeSource, speedup: Double = 1) -> AgreedRaceClock {
        AgreedRaceClock(speedup: speedup, origin: Self.origin, elapsed: { fake.real.withLock { $0 } })
    }

    @Test("alone, or before following, it is this machine's clock: origin plus elapsed time, sped up")
    func alone() {
        let fake = FakeSource()
        let plain = clock(fake, speedup: 20)
        fake.real.withLock { $0 = 1.5 }
        #expect(plain.now == Self.origin.addingTimeInterval(30))
        #expect(plain.status == .init(appliedOffset: 0, estimatedOffset: nil, uncertainty: nil, isHost: false, isAgreed: false))
    }

    @Test("a sleep with a tolerance ends no earlier than its deadline; one whose deadline has passed returns at once")
    func sleepWithTolerance() async throws {
        let real = ContinuousClock()
        let clock = AgreedRaceClock(speedup: 10)
        let started = real.now
        // 0.3 race seconds at ×10: 30 ms of real time, up to 2 race seconds (200 ms) late by design.
        try await clock.sleep(until: clock.now.addingTimeInterval(0.3), tolerance: 2)
        #expect(real.now - started >= .milliseconds(30))
        // At once: no sleep of an hour, whatever else the machine runs meanwhile.
        let again = real.now
        try await clock.sleep(until: clock.now.addingTimeInterval(-1), tolerance: 3_600)
        #expect(real.now - again < .seconds(60))
    }

    @Test("speed-up is race time only: real until race time starts, then sped up from that instant, without a jump")
    func raceTimeStarts() {
        let fake = FakeSource()
        let clock = AgreedRaceClock(speedup: 20, origin: Self.origin, raceTimeStarted: false, elapsed: { fake.real.withLock { $0 } })
        // The lobby: real seconds, the same instants as any real clock's.
        fake.real.withLock { $0 = 10 }
        #expect(clock.now == Self.origin.addingTimeInterval(10))
        #expect(clock.currentSpeedup == 1)
        clock.startRaceTime()
        #expect(clock.now == Self.origin.addingTimeInterval(10))
        #expect(clock.currentSpeedup == 20)
        // The race: 20 race seconds per real second from the start of race time.
        fake.real.withLock { $0 = 10.5 }
        #expect(clock.now == Self.origin.addingTimeInterval(20))
        // A second start changes nothing.
        clock.startRaceTime()
        #expect(clock.now == Self.origin.addingTimeInterval(20))
        // A sleep asks for real time at the speed of the moment.
        #expect(SpedUpTime.realDelay(until: clock.now.addingTimeInterval(10), now: clock.now, speedup: clock.currentSpeedup) == .seconds(0.5))
    }

    @Test("following: a host clock ahead is taken at once; one behind is slewed, and time never goes back")
    func follows() {
        let fake = FakeSource()
        let agreed = clock(fake)
        agreed.follow(fake.source)
        // Binary fractions, so that the arithmetic is exact.
        fake.exchange(offset: 0.25, delay: 0.00390625)
        #expect(agreed.now == Self.origin.addingTimeInterval(0.25))
        #expect(agreed.status.uncertainty == 0.001953125)
        #expect(agreed.status.isAgreed && !agreed.status.isHost)
        // The estimate moves 1 s back: the clock gives it back at half speed, never going back.
        fake.exchange(offset: -0.75, delay: 0.00390625)
        var readings: [Date] = []
        for step in 1...12 {
            fake.real.withLock { $0 = Double(step) * 0.25 }
            readings.append(agreed.now)
        }
        #expect(zip(readings, readings.dropFirst()).allSatisfy { $0 < $1 })
        #expect(abs(agreed.status.appliedOffset - -0.750) < 1e-9)
        #expect(abs(readings[11].timeIntervalSince(Self.origin) - (3 - 0.750)) < 1e-9)
    }

    @Test("the host with mates is agreed, with offset 0 and uncertainty 0")
    func host() {
        let fake = FakeSource()
        let agreed = clock(fake)
        agreed.follow(fake.source)
        fake.isHost.withLock { $0 = true }
        #expect(agreed.status == .init(appliedOffset: 0, estimatedOffset: nil, uncertainty: 0, isHost: true, isAgreed: true))
    }

    @Test("the world clock's reading: source, this machine minus the race clock in ms, the uncertainty")
    func reading() async throws {
        let fake = FakeSource()
        let agreed = clock(fake)
        let repository = AgreedRaceClockRepository(clock: agreed)
        #expect(try await repository.fetchNow() == ClockReading(
            currentDateTime: "2027-01-15T08:00:00.000Z", offsetSeconds: 0, uncertaintySeconds: nil, source: "system clock"
        ))
        agreed.follow(fake.source)
        fake.exchange(offset: 0.125, delay: 0.0078125)
        let following = try await repository.fetchNow()
        #expect(following == ClockReading(
            currentDateTime: "2027-01-15T08:00:00.125Z", offsetSeconds: -0.125, uncertaintySeconds: 0.00390625, source: "agreed race clock"
        ))
        fake.isHost.withLock { $0 = true }
        fake.estimate.withLock { $0 = RaceClockEstimate() }
        #expect(try await repository.fetchNow().source == "agreed race clock (host)")
    }
}
