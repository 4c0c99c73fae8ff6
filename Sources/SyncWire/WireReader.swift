/// Reads big-endian fields from a datagram, never past its end.
struct WireReader {
    private let bytes: [UInt8]
    private(set) var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    var remaining: Int { bytes.count - offset }

    /// The next byte, without moving past it.
    func peekUInt8() throws(DatagramError) -> UInt8 {
        guard remaining >= 1 else { throw .tooShort(length: bytes.count) }
        return bytes[offset]
    }

    mutating func readUInt8() throws(DatagramError) -> UInt8 {
        guard remaining >= 1 else { throw .tooShort(length: bytes.count) }
        defer { offset += 1 }
        return bytes[offset]
    }

    mutating func readUInt16() throws(DatagramError) -> UInt16 {
        UInt16(truncatingIfNeeded: try readBigEndian(byteCount: 2))
    }

    mutating func readUInt32() throws(DatagramError) -> UInt32 {
        UInt32(truncatingIfNeeded: try readBigEndian(byteCount: 4))
    }

    mutating func readUInt64() throws(DatagramError) -> UInt64 {
        try readBigEndian(byteCount: 8)
    }

    mutating func readBytes(_ count: Int) throws(DatagramError) -> ArraySlice<UInt8> {
        guard count >= 0, remaining >= count else { throw .tooShort(length: bytes.count) }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }

    private mutating func readBigEndian(byteCount: Int) throws(DatagramError) -> UInt64 {
        var value: UInt64 = 0
        for byte in try readBytes(byteCount) {
            value = value << 8 | UInt64(byte)
        }
        return value
    }
}
