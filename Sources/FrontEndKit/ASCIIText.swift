/// A short ASCII text written on the stack and made a `String` once: the board formats a distance, a
/// time and a pace for every runner of every status frame, and string interpolation (a string per
/// part, then one for the whole) cost several times the digits. `forEachDigit` is the decimal writing
/// it shares with `FrontEndFrameWriter`.
package struct ASCIIText {
    /// Room for the longest text made here (a timestamp is 24 bytes, a time of 10¹² seconds 15).
    private static let capacity = 40
    private let buffer: UnsafeMutableBufferPointer<UInt8>
    private var count = 0

    private init(_ buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    /// The text `write` puts together.
    package static func make(_ write: (inout ASCIIText) -> Void) -> String {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { buffer in
            var text = ASCIIText(buffer)
            write(&text)
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[..<text.count]), as: UTF8.self)
        }
    }

    package mutating func append(_ literal: StaticString) {
        literal.withUTF8Buffer { for byte in $0 { append(byte: byte) } }
    }

    /// A non-negative whole number in decimal, with leading zeros to `width` digits.
    package mutating func append(_ value: Int, width: Int = 1) {
        Self.forEachDigit(of: value.magnitude, width: width) { append(byte: $0) }
    }

    /// The decimal digits of `value` (as ASCII), most significant first, with leading zeros to `width`.
    package static func forEachDigit(of value: UInt, width: Int = 1, _ body: (UInt8) -> Void) {
        var remaining = value
        var digits = 1
        var divisor: UInt = 1
        while divisor <= remaining / 10 || digits < width {
            divisor *= 10
            digits += 1
        }
        while divisor > 0 {
            body(UInt8(ascii: "0") + UInt8(remaining / divisor))
            remaining %= divisor
            divisor /= 10
        }
    }

    private mutating func append(byte: UInt8) {
        guard count < buffer.count else { return }
        buffer[count] = byte
        count += 1
    }
}
