import Domain
import Testing

/// The goal a person types: default 5.00 km, more than 0, at most 1000 km, at most 2 decimals.
@Suite("RaceGoal")
struct RaceGoalTests {
    @Test("the default goal is 5.00 km")
    func standard() {
        #expect(RaceGoal.standard.centimetres == 500_000)
        #expect(RaceGoal.standard.metres == 5_000)
        #expect(RaceGoal.standard.description == "5.00 km")
        #expect(RaceGoal.standard == (try? RaceGoal(kilometres: 5)))
    }

    @Test(
        "accepts goals of at most 2 decimals up to 1000 km",
        arguments: [
            (2.45, UInt32(245_000), "2.45 km"),
            (1000, UInt32(100_000_000), "1000.00 km"),
            (0.01, UInt32(1_000), "0.01 km"),
            (0.1, UInt32(10_000), "0.10 km"),
            (4.35, UInt32(435_000), "4.35 km"),
            (42.19, UInt32(4_219_000), "42.19 km"),
            (999.99, UInt32(99_999_000), "999.99 km"),
        ]
    )
    func accepts(kilometres: Double, centimetres: UInt32, description: String) throws {
        let goal = try RaceGoal(kilometres: kilometres)
        #expect(goal.centimetres == centimetres)
        #expect(goal.metres == Double(centimetres) / 100)
        #expect(goal.description == description)
    }

    @Test("binary floating-point noise in a 2-decimal value is not 'more than 2 decimals'")
    func toleratesFloatingPointNoise() throws {
        #expect(try RaceGoal(kilometres: 0.1 + 0.2).centimetres == 30_000)
        #expect(try RaceGoal(kilometres: 1.1 * 3).centimetres == 330_000)
    }

    @Test("refuses 0 and negative goals", arguments: [0.0, -0.0, -1.0, -5.0, -1000.0])
    func refusesNotPositive(kilometres: Double) {
        #expect(throws: RaceGoalError.notPositive(kilometres)) { try RaceGoal(kilometres: kilometres) }
    }

    @Test("refuses values that are not numbers", arguments: [Double.nan, .infinity, -.infinity, .signalingNaN])
    func refusesNotANumber(kilometres: Double) {
        #expect(throws: RaceGoalError.notANumber) { try RaceGoal(kilometres: kilometres) }
    }

    @Test("refuses goals longer than 1000 km", arguments: [1000.01, 1001.0, 40_075.0, 1e12])
    func refusesTooLong(kilometres: Double) {
        #expect(throws: RaceGoalError.tooLong(kilometres)) { try RaceGoal(kilometres: kilometres) }
    }

    @Test("refuses more than 2 decimals", arguments: [2.455, 0.001, 5.0001, 0.005, 999.999])
    func refusesTooPrecise(kilometres: Double) {
        #expect(throws: RaceGoalError.tooPrecise(kilometres)) { try RaceGoal(kilometres: kilometres) }
    }

    @Test("refuses a positive goal so small it would round to 0 cm", arguments: [1e-9, 1e-12, 5e-9, Double.leastNonzeroMagnitude])
    func refusesGoalsThatRoundToZero(kilometres: Double) {
        #expect(throws: RaceGoalError.tooPrecise(kilometres)) { try RaceGoal(kilometres: kilometres) }
    }

    @Test("every refusal says what to type instead")
    func messagesAreClear() {
        #expect(RaceGoalError.notANumber.description.contains("not a number"))
        #expect(RaceGoalError.notPositive(0).description.contains("not more than 0"))
        #expect(RaceGoalError.tooLong(1001).description.contains("longer than 1000 km"))
        #expect(RaceGoalError.tooPrecise(2.455).description.contains("more than 2 decimals"))
        #expect(RaceGoalError.tooPrecise(2.455).description.contains("2.45"))
    }

    @Test("the description pads the hundredths")
    func descriptionPadding() {
        #expect(RaceGoal(centimetres: 5_000).description == "0.05 km")
        #expect(RaceGoal(centimetres: 105_000).description == "1.05 km")
        #expect(RaceGoal(centimetres: 1_000_000).description == "10.00 km")
    }
}
