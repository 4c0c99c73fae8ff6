@testable import Data
import Testing

/// The course fetch's retransmission timeout: measured round trips, never under the minimum, backed off
/// after timeouts (RFC 6298's rules).
@Suite("RetransmissionTimer: when to ask again")
struct RetransmissionTimerTests {
    @Test("nothing measured: the minimum; a LAN's round trips of a few ms keep it at the minimum")
    func fastHost() {
        var timer = RetransmissionTimer(minimum: 0.25)
        #expect(timer.timeout == 0.25)
        for _ in 0..<50 { timer.measured(0.003) }
        #expect(timer.timeout == 0.25)
    }

    @Test("a host answering in 400 ms (a loaded board): the timeout grows past it, so chunks are not asked twice")
    func slowHost() {
        var timer = RetransmissionTimer(minimum: 0.25)
        timer.measured(0.4)
        #expect(abs(timer.timeout - 1.2) < 1e-9, "first sample: SRTT 0.4 + 4 × 0.2")
        for _ in 0..<100 { timer.measured(0.4) }
        #expect(timer.timeout > 0.4 && timer.timeout < 0.45, "\(timer.timeout)")
        // Jittery answers widen it.
        for index in 0..<100 { timer.measured(index.isMultiple(of: 2) ? 0.2 : 0.6) }
        #expect(timer.timeout > 0.9, "\(timer.timeout)")
    }

    @Test("timeouts double it up to the maximum; a new round trip brings it back")
    func backoff() {
        var timer = RetransmissionTimer(minimum: 0.25, maximum: 4)
        timer.timedOut()
        #expect(timer.timeout == 0.5)
        for _ in 0..<10 { timer.timedOut() }
        #expect(timer.timeout == 4)
        timer.measured(0.01)
        #expect(timer.timeout == 0.25)
    }

    @Test("a sample that is not a time is ignored")
    func badSamples() {
        var timer = RetransmissionTimer(minimum: 0.25)
        timer.measured(.nan)
        timer.measured(-1)
        timer.measured(.infinity)
        #expect(timer.timeout == 0.25)
    }
}
