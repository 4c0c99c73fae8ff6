import Foundation

/// The one JSON encoding of frames, options and input events, shared by host and plugins.
public enum FrontEndCoding {
    /// Compact, keys sorted, so that the same frame is the same bytes.
    public static func encode<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(value))
    }

    /// A frame: the same bytes as `encode(_:)` of any value, written by hand (`FrontEndFrameWriter`),
    /// as frames are what the host encodes many times a second.
    public static func encode(_ frame: FrontEndFrame) throws -> [UInt8] {
        try FrontEndFrameWriter.encode(frame)
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: UnsafeRawBufferPointer) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }

    public static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
        try JSONDecoder().decode(type, from: Data(bytes))
    }
}
