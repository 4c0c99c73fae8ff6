import Domain
import Testing

@Suite("Duration in seconds")
struct DurationSecondsTests {
    /// What `inSeconds` was before: whole seconds plus attoseconds, from `components`.
    static func byComponents(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    @Test("the seconds of durations from an attosecond to a century, both signs, as the components give them", arguments: [
        Duration.zero, .seconds(1), .milliseconds(1500), .milliseconds(250), .microseconds(-2_000_001), .nanoseconds(1),
        .init(secondsComponent: 0, attosecondsComponent: 1), .seconds(3_155_760_000), .seconds(-86_400) + .milliseconds(-1),
        .init(secondsComponent: 1_764_300_000, attosecondsComponent: 123_456_789_000_000_000),
    ])
    func seconds(_ duration: Duration) {
        let expected = Self.byComponents(duration)
        #expect(abs(duration.inSeconds - expected) <= expected.magnitude.ulp * 2, "\(duration)")
        #expect((duration.inSeconds < 0) == (duration < .zero))
    }

    @Test("exact where a double is exact: halves, quarters, whole seconds")
    func exact() {
        #expect(Duration.milliseconds(1500).inSeconds == 1.5)
        #expect(Duration.milliseconds(-250).inSeconds == -0.25)
        #expect(Duration.seconds(86_400).inSeconds == 86_400)
    }
}
