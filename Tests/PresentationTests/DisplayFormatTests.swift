import Foundation
import Presentation
import Testing

/// What a person reads: times, kilometres (truncated, never rounded up), percent, timestamps.
@Suite("DisplayFormat")
struct DisplayFormatTests {
    @Test(
        "elapsed time is MM:SS under an hour, HH:MM:SS from one hour on, whole seconds truncated",
        arguments: [
            (0.0, "00:00"), (0.999, "00:00"), (1, "00:01"), (59.9, "00:59"), (60, "01:00"), (61.5, "01:01"),
            (599, "09:59"), (3_599, "59:59"), (3_599.999, "59:59"), (3_600, "01:00:00"), (3_661, "01:01:01"),
            (86_399, "23:59:59"), (86_400, "24:00:00"), (360_000, "100:00:00"),
        ]
    )
    func elapsed(seconds: Double, expected: String) {
        #expect(DisplayFormat.elapsed(seconds) == expected)
    }

    @Test("negative and non-finite times show 00:00", arguments: [-1.0, -0.001, -3_600, .nan, .infinity, -.infinity])
    func elapsedNonsense(seconds: Double) {
        #expect(DisplayFormat.elapsed(seconds) == "00:00")
    }

    @Test(
        "kilometres have 2 decimals, truncated: 999 m is 0.99, never 1.00",
        arguments: [
            (0.0, "0.00"), (9.99, "0.00"), (10, "0.01"), (290, "0.29"), (420, "0.42"), (999, "0.99"),
            (999.999_99, "0.99"), (1_000, "1.00"), (1_009.9, "1.00"), (1_010, "1.01"), (4_575.0, "4.57"),
            (5_000, "5.00"), (42_195, "42.19"), (1_000_000, "1000.00"),
        ]
    )
    func kilometres(metres: Double, expected: String) {
        #expect(DisplayFormat.kilometres(metres) == expected)
    }

    @Test("values that are whole hundredths in decimal but not in binary are not truncated one step too far")
    func binaryNoise() {
        for hundredths in 0...100_000 {
            let metres = Double(hundredths) * 10
            let expected = "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
            guard DisplayFormat.kilometres(metres) == expected else {
                Issue.record("\(metres) m shows as \(DisplayFormat.kilometres(metres)), expected \(expected)")
                return
            }
        }
        #expect(DisplayFormat.kilometres(0.29 * 1_000) == "0.29")
        #expect(DisplayFormat.kilometres(1.1 * 1_000) == "1.10")
    }

    @Test("negative and non-finite distances show 0.00", arguments: [-5.0, -0.01, .nan, .infinity, -.infinity])
    func kilometresNonsense(metres: Double) {
        #expect(DisplayFormat.kilometres(metres) == "0.00")
    }

    @Test("distance adds the unit")
    func distance() {
        #expect(DisplayFormat.distance(420) == "0.42 km")
        #expect(DisplayFormat.distance(4_575) == "4.57 km")
        #expect(DisplayFormat.distance(0) == "0.00 km")
    }

    @Test(
        "percent is whole, truncated and clamped to 0...100",
        arguments: [
            (0.0, "0%"), (0.004, "0%"), (0.29, "29%"), (0.5, "50%"), (0.57, "57%"), (0.999, "99%"), (1, "100%"),
            (1.5, "100%"), (-0.2, "0%"), (.nan, "0%"), (.infinity, "0%"),
        ]
    )
    func percent(fraction: Double, expected: String) {
        #expect(DisplayFormat.percent(fraction) == expected)
    }

    @Test("timestamps are ISO-8601 UTC with milliseconds")
    func timestamp() {
        #expect(DisplayFormat.timestamp(Date(timeIntervalSince1970: 1_800_000_000)) == "2027-01-15T08:00:00.000Z")
        #expect(DisplayFormat.timestamp(Date(timeIntervalSince1970: 1_800_000_000.25)) == "2027-01-15T08:00:00.250Z")
        #expect(DisplayFormat.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
    }

    @Test("timestamps made by hand are the text of Foundation's ISO-8601 format style, milliseconds truncated")
    func timestampMatchesFormatStyle() {
        let style = Date.ISO8601FormatStyle(includingFractionalSeconds: true)
        var generator = SystemRandomNumberGenerator()
        var instants: [TimeInterval] = [
            0, 0.0004, 0.9996, -0.0004, -1.5, -86_400, 951_782_400, 4_107_542_399.999, 1_795_432_506.1235,
            -12_212_553_600, -12_212_553_599.5, 253_402_300_799.999, 1_709_164_800.5,
        ]
        for _ in 0..<2000 { instants.append(Double.random(in: -12_000_000_000...250_000_000_000, using: &generator)) }
        for _ in 0..<2000 { instants.append(Double.random(in: 1_700_000_000...1_900_000_000, using: &generator)) }
        for instant in instants {
            let date = Date(timeIntervalSince1970: instant)
            #expect(DisplayFormat.timestamp(date) == date.formatted(style), "at \(instant)")
        }
    }

    static let paces: [(Double, String)] = [
        (1000.0 / 320, "5:20 /km"), (1000.0 / 319.99, "5:19 /km"), (1000.0 / 59.5, "0:59 /km"),
        (1000.0 / 5999, "99:59 /km"), (1000.0 / 6000, "--:-- /km"), (0, "--:-- /km"), (-1, "--:-- /km"),
        (Double.infinity, "--:-- /km"), (Double.nan, "--:-- /km"),
    ]

    @Test("pace is M:SS per km from a speed, whole seconds truncated", arguments: paces)
    func pace(speed: Double, expected: String) {
        #expect(DisplayFormat.pace(metresPerSecond: speed) == expected)
    }

    @Test("calories are whole kcal, truncated; nothing burnt shows 0", arguments: [
        (0.0, "0 kcal"), (0.99, "0 kcal"), (23.97, "23 kcal"), (100, "100 kcal"), (-1, "0 kcal"), (Double.nan, "0 kcal"),
    ])
    func calories(kilocalories: Double, expected: String) {
        #expect(DisplayFormat.calories(kilocalories) == expected)
    }

    @Test("times, distances, paces and calories are the text string interpolation makes, on random values")
    func sameTextAsInterpolation() {
        func twoDigits(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        var random = SystemRandomNumberGenerator()
        for _ in 0..<5_000 {
            let value = Double.random(in: 0..<1, using: &random) * pow(10, Double(Int.random(in: 0...9, using: &random)))
            let total = Int(value.rounded(.down))
            let (hours, minutes, seconds) = (total / 3600, total / 60 % 60, total % 60)
            let elapsed = hours > 0 ? "\(twoDigits(hours)):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(twoDigits(minutes)):\(twoDigits(seconds))"
            #expect(DisplayFormat.elapsed(value) == elapsed)
            let tens = Int((value / 10 + 1e-9).rounded(.down))
            let kilometres = "\(tens / 100).\(tens % 100 < 10 ? "0" : "")\(tens % 100)"
            #expect(DisplayFormat.kilometres(value) == kilometres)
            #expect(DisplayFormat.distance(value) == kilometres + " km")
            #expect(DisplayFormat.calories(value) == "\(Int((value + 1e-9).rounded(.down))) kcal")
            let speed = value / 1_000
            let paceSeconds = speed > 0 ? Int((1000 / speed + 1e-9).rounded(.down)) : Int.max
            let pace = speed > 0 && 1000 / speed < 6_000 && paceSeconds < 6_000 ? "\(paceSeconds / 60):\(twoDigits(paceSeconds % 60)) /km" : "--:-- /km"
            #expect(DisplayFormat.pace(metresPerSecond: speed) == pace)
        }
    }

    @Test("numbers too large for a whole Int show as the display limit instead of trapping (a damaged record)")
    func hugeValuesDoNotTrap() {
        for huge in [1e13, 1e19, 1e300, Double.greatestFiniteMagnitude] {
            #expect(DisplayFormat.elapsed(huge) == "277777777:46:40")
            #expect(DisplayFormat.kilometres(huge) == "1000000000.00")
            #expect(DisplayFormat.calories(huge) == "1000000000000 kcal")
            #expect(DisplayFormat.pace(metresPerSecond: 1 / huge) == "--:-- /km")
        }
        #expect(DisplayFormat.pace(metresPerSecond: .leastNonzeroMagnitude) == "--:-- /km")
    }
}
