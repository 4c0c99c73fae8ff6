import Domain
import Foundation
import Testing

/// Pace (overall and rolling), activity from speed, calories, and the weight of the profile.
@Suite("Pace and calories")
struct PaceAndCaloriesTests {
    @Test("overall pace is seconds per km; none below 10 m, for no time, or for NaN")
    func overallPace() {
        #expect(Pace.overall(distance: 5_000, elapsed: 1_500) == 300)
        #expect(Pace.overall(distance: 9.99, elapsed: 10) == nil)
        #expect(Pace.overall(distance: 100, elapsed: 0) == nil)
        #expect(Pace.overall(distance: 100, elapsed: -5) == nil)
        #expect(Pace.overall(distance: .nan, elapsed: 60) == nil)
        #expect(Pace.overall(distance: 100, elapsed: .infinity) == nil)
    }

    @Test("the rolling pace covers the last 60 s only")
    func rollingPace() throws {
        var pace = Pace()
        #expect(pace.rolling == nil)
        // 120 s at 2.5 m/s (400 s/km), then 60 s at 5 m/s (200 s/km).
        for second in 0...120 { pace.record(time: Double(second), distance: 2.5 * Double(second)) }
        #expect(try #require(pace.rolling) == 400)
        for second in 121...180 { pace.record(time: Double(second), distance: 300 + 5 * Double(second - 120)) }
        #expect(try #require(pace.rolling) == 200)
        #expect(Pace.overall(distance: 600, elapsed: 180) == 300)
    }

    @Test("standing still gives no rolling pace; samples going back or NaN are ignored")
    func rollingPaceEdges() {
        var pace = Pace(window: 30)
        for second in 0...100 { pace.record(time: Double(second), distance: 42) }
        #expect(pace.rolling == nil)
        pace.record(time: 50, distance: 500)
        pace.record(time: 101, distance: .nan)
        pace.record(time: 102, distance: 41)
        #expect(pace.rolling == nil)
        pace.record(time: 110, distance: 92)
        #expect(pace.rolling == 600)  // 50 m over the 30 s window (from the sample at 80 s)
    }

    @Test("activity thresholds: under 0.5 m/s stationary, under 2.0 m/s walking, else running")
    func activities() {
        #expect(Activity(speed: 0) == .stationary)
        #expect(Activity(speed: 0.49) == .stationary)
        #expect(Activity(speed: .nan) == .stationary)
        #expect(Activity(speed: -1) == .stationary)
        #expect(Activity(speed: 0.5) == .walking)
        #expect(Activity(speed: 1.99) == .walking)
        #expect(Activity(speed: 2.0) == .running)
        #expect(Activity(speed: 12) == .running)
        #expect(Activity.allCases.map(\.mets) == [0, 3.8, 10.0])
    }

    @Test("calories per second are 1.08 × METs × kg / 3600")
    func caloriesPerSecond() {
        let running: Double = 1.08 * 10 * 60 / 3600
        let walking: Double = 1.08 * 3.8 * 80 / 3600
        #expect(CalorieCounter.perSecond(.running, weight: 60) == running)
        #expect(CalorieCounter.perSecond(.walking, weight: 80) == walking)
        #expect(CalorieCounter.perSecond(.stationary, weight: 300) == 0)
    }

    @Test("an hour of running at 60 kg burns 648 kcal; standing still burns nothing; bad durations add nothing")
    func counting() throws {
        var counter = CalorieCounter()
        for _ in 0..<3_600 { counter.add(seconds: 1, atSpeed: 3) }
        #expect(abs(counter.kilocalories - 648) < 1e-9)
        counter.add(seconds: 600, atSpeed: 0.1)
        counter.add(seconds: -5, atSpeed: 3)
        counter.add(seconds: .nan, atSpeed: 3)
        counter.add(metres: 10, over: 0)
        counter.add(metres: .nan, over: 5)
        #expect(abs(counter.kilocalories - 648) < 1e-9)
        var walker = CalorieCounter(profile: try RunnerProfile(weight: 75))
        walker.add(metres: 1_200, over: 1_000)  // 1.2 m/s: walking
        let expected: Double = 1.08 * 3.8 * 75 / 3600 * 1_000
        #expect(abs(walker.kilocalories - expected) < 1e-9)
    }

    @Test("weight: 60 kg by default, 20 to 300 kg accepted, anything else refused with a message")
    func weight() throws {
        #expect(RunnerProfile.standard.weight == 60)
        #expect(try RunnerProfile(weight: 20).weight == 20)
        #expect(try RunnerProfile(weight: 300).weight == 300)
        #expect(throws: RunnerProfileError.weightOutOfRange(19.9)) { try RunnerProfile(weight: 19.9) }
        #expect(throws: RunnerProfileError.weightOutOfRange(300.5)) { try RunnerProfile(weight: 300.5) }
        #expect(throws: RunnerProfileError.weightOutOfRange(-60)) { try RunnerProfile(weight: -60) }
        #expect(throws: RunnerProfileError.weightNotANumber) { try RunnerProfile(weight: .nan) }
        #expect(RunnerProfileError.weightOutOfRange(600).description.contains("20 to 300 kg"))
        #expect(RunnerProfileError.weightNotANumber.description.contains("kilograms"))
    }

    @Test("a pace the runner sets (--pace): 5:30 or 5.5 minutes per km, 2:00 to 30:00; written back as m:ss")
    func settablePace() {
        #expect(Pace.secondsPerKilometre(parsing: "5:30") == 330)
        #expect(Pace.secondsPerKilometre(parsing: "5.5") == 330)
        #expect(Pace.secondsPerKilometre(parsing: "2:00") == 120)
        #expect(Pace.secondsPerKilometre(parsing: "30") == 1800)
        for text in ["", "1:59", "30:01", "5:60", "5:-1", "-5", "5:3:0", "abc", "nan", "inf", ":30", "5:"] {
            #expect(Pace.secondsPerKilometre(parsing: text) == nil, "\(text)")
        }
        #expect(Pace.text(secondsPerKilometre: 330) == "5:30")
        #expect(Pace.text(secondsPerKilometre: 360) == "6:00")
        #expect(Pace.text(secondsPerKilometre: 125.7) == "2:05")
    }
}
