import Foundation

/// Frames to JSON without `JSONEncoder`: the same bytes (compact, keys sorted, slashes unescaped, a
/// whole number without `.0`), made in one pass into one buffer. Status frames go out up to 12.5 times
/// a second with every runner; through `JSONEncoder` (generic containers, a dictionary per object,
/// the keys sorted on every frame) they were the largest item of a runner's profile after the thread
/// wake-ups (docs/BENCHMARKS.md). The rare nested objects (invitation, countdown, cheer, clock,
/// course) are still encoded by `JSONEncoder` and put in place: they are sorted within themselves.
/// `FrontEndFrameWriterTests` checks the bytes against `JSONEncoder` on random frames.
struct FrontEndFrameWriter: ~Copyable {
    /// A number JSON cannot carry (NaN or an infinity), as `JSONEncoder` refuses it.
    struct NonFiniteNumber: Error, CustomStringConvertible {
        let key: String
        var description: String { "the frame's \(key) is not a finite number" }
    }

    /// The frame so far, in a buffer of our own: a frame is some 20 pieces a runner (keys, quotes,
    /// numbers), and appending each to an `Array` went through the standard library's generic
    /// `append(contentsOf:)` and a uniqueness check, a third of the frame's instructions
    /// (docs/BENCHMARKS.md, "frames into a buffer of their own").
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int = 1024) {
        self.capacity = max(capacity, 16)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// `frame` as one JSON object.
    static func encode(_ frame: FrontEndFrame) throws -> [UInt8] {
        var writer = FrontEndFrameWriter(capacity: 256 + 320 * (frame.runners?.count ?? 0))
        try writer.frame(frame)
        return writer.finish()
    }

    /// The bytes written, as an array (the buffer goes with the writer).
    private consuming func finish() -> [UInt8] {
        Array(UnsafeBufferPointer(start: storage, count: count))
    }

    // MARK: The buffer

    private mutating func append(_ byte: UInt8) {
        if count == capacity { grow(toHold: 1) }
        storage[count] = byte
        count += 1
    }

    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        append(UnsafeRawBufferPointer(bytes))
    }

    private mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if capacity - count < bytes.count { grow(toHold: bytes.count) }
        UnsafeMutableRawPointer(storage + count).copyMemory(from: base, byteCount: bytes.count)
        count += bytes.count
    }

    /// Room for `more` bytes after the ones written: at least twice the room there was.
    private mutating func grow(toHold more: Int) {
        let larger = max(capacity * 2, count + more)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: larger)
        moved.moveInitialize(from: storage, count: count)
        storage.deallocate()
        storage = moved
        capacity = larger
    }

    // MARK: Objects, keys in sorted order (as `.sortedKeys` orders them: by their UTF-8 bytes)

    private mutating func frame(_ frame: FrontEndFrame) throws {
        var object = ObjectState()
        try nested("cheer", frame.cheer, &object)
        try nested("clock", frame.clock, &object)
        try nested("countdown", frame.countdown, &object)
        try nested("course", frame.course, &object)
        string("elapsed", frame.elapsed, &object)
        try number("elapsed_s", frame.elapsedSeconds, &object)
        string("goal", frame.goal, &object)
        try number("goal_m", frame.goalMetres, &object)
        array("inputs", frame.inputs, &object) { $0.quoted($1) }
        try nested("invitation", frame.invitation, &object)
        string("leader", frame.leader, &object)
        string("level", frame.level, &object)
        string("message", frame.message, &object)
        string("mode", frame.mode, &object)
        if let position = frame.position {
            key("position", &object)
            try self.position(position)
        }
        try array("runners", frame.runners, &object) { try $0.runner($1) }
        integer("schema", frame.schema, &object)
        string("stage", frame.stage, &object)
        string("time", frame.time, &object)
        string("type", frame.type.rawValue, &object)
        try nested("waiting", frame.waiting, &object)
        if let winner = frame.winner {
            key("winner", &object)
            try runner(winner)
        }
        close(object)
    }

    private mutating func runner(_ runner: FrontEndRunner) throws {
        var object = ObjectState()
        string("announced_by", runner.announcedBy, &object)
        string("calories", runner.calories, &object)
        try number("calories_kcal", runner.caloriesKcal, &object)
        if let course = runner.course {
            key("course", &object)
            var inner = ObjectState()
            try number("gps_distance_m", course.gpsDistanceMetres, &inner)
            integer("lap", course.lap, &inner)
            try number("lat", course.latitude, &inner)
            try number("lon", course.longitude, &inner)
            try number("progress_m", course.progressMetres, &inner)
            close(inner)
        }
        string("distance", runner.distance, &object)
        try number("distance_m", runner.distanceMetres, &object)
        try number("finish_s", runner.finishSeconds, &object)
        boolean("ghost", runner.ghost, &object)
        string("id", runner.id, &object)
        array("laps", runner.laps, &object) { $0.quoted($1) }
        try array("laps_s", runner.lapsSeconds, &object) { try $0.numberValue($1, key: "laps_s") }
        boolean("leader", runner.leader, &object)
        boolean("me", runner.me, &object)
        string("name", runner.name, &object)
        boolean("off_course", runner.offCourse, &object)
        string("pace", runner.pace, &object)
        try number("progress", runner.progress, &object)
        if let rank = runner.rank { integer("rank", rank, &object) }
        try number("speed_m_s", runner.speedMetresPerSecond, &object)
        string("state", runner.state, &object)
        string("time", runner.time, &object)
        try number("time_s", runner.timeSeconds, &object)
        close(object)
    }

    private mutating func position(_ position: FrontEndPosition) throws {
        var object = ObjectState()
        try number("accuracy_m", position.accuracyMetres, &object)
        if let dropped = position.droppedFixes {
            key("dropped_fixes", &object)
            var inner = ObjectState()
            integer("count", dropped.count, &inner)
            try number("max_accuracy_m", dropped.maximumAccuracyMetres, &inner)
            string("summary", dropped.summary, &inner)
            close(inner)
        }
        string("source", position.source, &object)
        string("state", position.state, &object)
        string("summary", position.summary, &object)
        close(object)
    }

    // MARK: Members

    /// Whether an object has been opened and has members yet.
    private struct ObjectState {
        var opened = false
    }

    private mutating func key(_ name: StaticString, _ object: inout ObjectState) {
        append(UInt8(ascii: object.opened ? "," : "{"))
        object.opened = true
        append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    private mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { append($0) }
    }

    private mutating func close(_ object: ObjectState) {
        if !object.opened { append(UInt8(ascii: "{")) }
        append(UInt8(ascii: "}"))
    }

    /// An array under `name`, each element written by `element`; nothing when `values` is nil.
    private mutating func array<Element>(
        _ name: StaticString, _ values: [Element]?, _ object: inout ObjectState,
        _ element: (inout Self, Element) throws -> Void
    ) rethrows {
        guard let values else { return }
        key(name, &object)
        append(UInt8(ascii: "["))
        for (index, value) in values.enumerated() {
            if index > 0 { append(UInt8(ascii: ",")) }
            try element(&self, value)
        }
        append(UInt8(ascii: "]"))
    }

    private mutating func string(_ name: StaticString, _ value: String?, _ object: inout ObjectState) {
        guard let value else { return }
        key(name, &object)
        quoted(value)
    }

    private mutating func boolean(_ name: StaticString, _ value: Bool?, _ object: inout ObjectState) {
        guard let value else { return }
        key(name, &object)
        raw(value ? "true" : "false")
    }

    private mutating func integer(_ name: StaticString, _ value: Int, _ object: inout ObjectState) {
        key(name, &object)
        if value < 0 { append(UInt8(ascii: "-")) }
        ASCIIText.forEachDigit(of: value.magnitude) { append($0) }
    }

    /// A double as `JSONEncoder` writes it: its shortest round-tripping `description`, without a
    /// trailing `.0`.
    private mutating func number(_ name: StaticString, _ value: Double?, _ object: inout ObjectState) throws {
        guard let value else { return }
        guard value.isFinite else { throw NonFiniteNumber(key: "\(name)") }
        key(name, &object)
        try numberValue(value, key: "\(name)")
    }

    /// A number's digits, as `number` writes them after its key.
    private mutating func numberValue(_ value: Double, key name: String) throws {
        guard value.isFinite else { throw NonFiniteNumber(key: name) }
        if appendDecimal(value) { return }
        // The description's bytes as they are (appending `String.UTF8View` goes byte by byte, and
        // `hasSuffix` and `removeLast` on the text cost more than the number's digits).
        var text = value.description
        text.withUTF8 { utf8 in
            let count = utf8.count
            let whole = count > 2 && utf8[count - 2] == UInt8(ascii: ".") && utf8[count - 1] == UInt8(ascii: "0")
            append(UnsafeBufferPointer(rebasing: utf8[..<(whole ? count - 2 : count)]))
        }
    }

    /// The most decimals `appendDecimal` writes from its digits.
    private static let decimalsByHand = 6

    /// Writes `value` as `number` would (its `description`, without a whole number's `.0`) from its
    /// digits when it has at most `decimalsByHand` decimals and is written without an exponent (from
    /// 0.0001 to under 10^15, or zero): every number of a status frame, which the view model rounds.
    /// `description` makes a `String` a number and cost some 600 instructions (docs/BENCHMARKS.md).
    /// Returns false, having written nothing, for any other value.
    ///
    /// The decimal with the fewest decimals that rounds to `value` is `description`'s digits: it is
    /// found by trying 0, 1, ... decimals, `whole / scale == value` being exact (a correctly rounded
    /// quotient of two exact doubles), and it is the only one of its length while `value × scale` is
    /// under 2^52 (the decimals' spacing is then wider than `value`'s ulp), so the shortest is unique.
    private mutating func appendDecimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        if magnitude == 0 {
            if value.sign == .minus { append(UInt8(ascii: "-")) }
            append(UInt8(ascii: "0"))
            return true
        }
        guard magnitude >= 0.000_1, magnitude < 1e15 else { return false }
        var scale = 1.0
        var wholeScale: UInt = 1
        for decimals in 0...Self.decimalsByHand {
            let scaled = magnitude * scale
            guard scaled < 4_503_599_627_370_496 else { return false }
            // Rounded half up by truncation (`rounded()` is a call into libm): under 2^52, adding 0.5 is exact.
            let whole = UInt(scaled + 0.5)
            if Double(whole) / scale == magnitude {
                // The digits before the point, then the decimals with their leading zeros (0.05).
                if value < 0 { append(UInt8(ascii: "-")) }
                ASCIIText.forEachDigit(of: whole / wholeScale) { append($0) }
                if decimals > 0 {
                    append(UInt8(ascii: "."))
                    ASCIIText.forEachDigit(of: whole % wholeScale, width: decimals) { append($0) }
                }
                return true
            }
            scale *= 10
            wholeScale *= 10
        }
        return false
    }

    /// A rare nested object through `JSONEncoder`, put in place.
    private mutating func nested<T: Encodable>(_ name: StaticString, _ value: T?, _ object: inout ObjectState) throws {
        guard let value else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(value)
        key(name, &object)
        data.withUnsafeBytes { append($0) }
    }

    /// A JSON string: `"` and `\` escaped, the control characters as `\b \f \n \r \t` or `\u00XX`,
    /// everything else (`/` and every non-ASCII character included) as its UTF-8 bytes.
    private mutating func quoted(_ text: String) {
        append(UInt8(ascii: "\""))
        var text = text
        // The runs between characters to escape go in whole (a frame's strings rarely hold any).
        text.withUTF8 { utf8 in
            var start = 0
            for index in utf8.indices where utf8[index] < 0x20 || utf8[index] == UInt8(ascii: "\"") || utf8[index] == UInt8(ascii: "\\") {
                append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
                escape(utf8[index])
                start = index + 1
            }
            append(UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        append(UInt8(ascii: "\""))
    }

    /// `byte` (a quote, a backslash or a control character) escaped.
    private mutating func escape(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"): append(UInt8(ascii: "\\")); append(byte)
        case 0x08: append(UInt8(ascii: "\\")); append(UInt8(ascii: "b"))
        case 0x0C: append(UInt8(ascii: "\\")); append(UInt8(ascii: "f"))
        case 0x0A: append(UInt8(ascii: "\\")); append(UInt8(ascii: "n"))
        case 0x0D: append(UInt8(ascii: "\\")); append(UInt8(ascii: "r"))
        case 0x09: append(UInt8(ascii: "\\")); append(UInt8(ascii: "t"))
        default:
            raw("\\u00")
            append(Self.hexDigit(byte >> 4))
            append(Self.hexDigit(byte & 0xF))
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
