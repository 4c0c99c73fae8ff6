import Domain

/// One piece of a host's course, sent to an invitee that asked for it (docs/PROTOCOL.md, "Course
/// fetch"): chunk `index` of `count`, each of at most `maximumPoints` points as two 32-bit integers of
/// 1e-7 degrees (latitude, longitude: the digest's own form, so the reassembled points hash to the
/// digest exactly), signed by the host over the invitee's pairing transcript.
public struct CourseChunk: Sendable, Hashable {
    /// The most points of one chunk: 112 × 8 bytes keeps the datagram at 994 bytes (1 002 with a tag),
    /// well under the 1 200 bytes that cross any common path without fragmentation.
    public static let maximumPoints = 112
    /// The most chunks of a course: `Course.maximumPoints` in chunks of `maximumPoints`.
    public static let maximumCount = (Course.maximumPoints + maximumPoints - 1) / maximumPoints
    /// The largest latitude and longitude, in 1e-7 degrees.
    static let latitudeLimit: Int32 = 900_000_000
    static let longitudeLimit: Int32 = 1_800_000_000

    /// Which chunk, 0 … count − 1.
    public var index: UInt16
    /// How many chunks the course has, 1 … `maximumCount`.
    public var count: UInt16
    /// Latitude and longitude of each point in 1e-7 degrees, interleaved (2 per point, 1 … 112 points).
    public var points: [Int32]
    /// Ed25519 by the host (64 bytes).
    public var signature: [UInt8]

    /// A chunk as sent or received.
    public init(index: UInt16, count: UInt16, points: [Int32], signature: [UInt8]) {
        self.index = index
        self.count = count
        self.points = points
        self.signature = signature
    }

    /// How many chunks a course of `pointCount` points has.
    public static func count(forPoints pointCount: Int) -> Int {
        (pointCount + maximumPoints - 1) / maximumPoints
    }

    /// The bytes signed after the label and transcript: index (2), count (2), point count (1), points.
    var signedBytes: [UInt8] {
        var writer = WireWriter(capacity: 5 + 4 * points.count)
        writer.write(index)
        writer.write(count)
        writer.write(UInt8(clamping: points.count / 2))
        for value in points { writer.write(UInt32(bitPattern: value)) }
        return writer.bytes
    }
}

/// An invitee's request for chunk `index` of its host's course, signed over its pairing transcript.
public struct CourseRequest: Sendable, Hashable {
    /// Which chunk, 0 … `CourseChunk.maximumCount` − 1.
    public var index: UInt16
    /// Ed25519 by the invitee (64 bytes).
    public var signature: [UInt8]

    /// A request as sent or received.
    public init(index: UInt16, signature: [UInt8]) {
        self.index = index
        self.signature = signature
    }
}
