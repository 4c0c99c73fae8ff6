import Foundation

/// A linear axis of a chart: a data range mapped onto a pixel range, with round tick values.
struct ChartScale: Sendable {
    /// The data value at the start of the axis (always 0 here).
    let lower: Double
    /// The data value at the end of the axis.
    let upper: Double
    /// Pixel position of `lower`.
    let start: Double
    /// Pixel position of `upper`.
    let end: Double
    /// Distance between ticks, in data units.
    let step: Double

    /// An axis from 0 to at least `maximum`, rounded up to a whole tick from `steps` (the first that
    /// gives at most `maxTicks` ticks).
    init(maximum: Double, steps: [Double], maxTicks: Int, start: Double, end: Double) {
        let top = maximum.isFinite && maximum > 0 ? maximum : 1
        let step = steps.first { top / $0 <= Double(maxTicks) } ?? (steps.last ?? 1) * (top / Double(maxTicks) / (steps.last ?? 1)).rounded(.up)
        self.lower = 0
        self.upper = (top / step).rounded(.up) * step
        self.start = start
        self.end = end
        self.step = step
    }

    /// Pixel position of `value`.
    func position(_ value: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }

    /// Every tick value from `lower` to `upper`.
    var ticks: [Double] {
        stride(from: lower, through: upper + step / 1000, by: step).map { $0 }
    }
}
