import Foundation

extension Course {
    /// The course's points thinned to at most `maximumPoints` (at least 2) by Douglas–Peucker, with the
    /// smallest tolerance (to 0.1 m) that keeps that few: enough to draw the course, not to match on it.
    /// The first and last points are always kept.
    public func simplified(maximumPoints: Int) -> [Coordinate] {
        let limit = max(2, maximumPoints)
        guard points.count > limit else { return points }
        let latitudeScale = Geodesy.earthRadius * .pi / 180
        let longitudeScale = latitudeScale * cos(points[0].latitude * .pi / 180)
        let planar = points.map { ($0.longitude * longitudeScale, $0.latitude * latitudeScale) }
        var low = 0.0
        var high = max(1, length)
        var kept = Self.douglasPeucker(planar, tolerance: high)
        while high - low > 0.1 {
            let middle = (low + high) / 2
            let attempt = Self.douglasPeucker(planar, tolerance: middle)
            if attempt.count <= limit {
                high = middle
                kept = attempt
            } else {
                low = middle
            }
        }
        return kept.map { points[$0] }
    }

    /// The indices Douglas–Peucker keeps at `tolerance` metres, in order (iterative, no recursion).
    private static func douglasPeucker(_ planar: [(Double, Double)], tolerance: Double) -> [Int] {
        var keep = [Bool](repeating: false, count: planar.count)
        keep[0] = true
        keep[planar.count - 1] = true
        var stack = [(0, planar.count - 1)]
        while let (first, last) = stack.popLast() {
            guard last - first > 1 else { continue }
            let (ax, ay) = planar[first]
            let (dx, dy) = (planar[last].0 - ax, planar[last].1 - ay)
            let squared = dx * dx + dy * dy
            var farthest = (index: first, distance: -1.0)
            for index in (first + 1)..<last {
                let (px, py) = planar[index]
                let t = squared > 0 ? min(1, max(0, ((px - ax) * dx + (py - ay) * dy) / squared)) : 0
                let (ex, ey) = (ax + t * dx - px, ay + t * dy - py)
                let distance = (ex * ex + ey * ey).squareRoot()
                if distance > farthest.distance { farthest = (index, distance) }
            }
            if farthest.distance > tolerance {
                keep[farthest.index] = true
                stack.append((first, farthest.index))
                stack.append((farthest.index, last))
            }
        }
        return keep.indices.filter { keep[$0] }
    }
}
