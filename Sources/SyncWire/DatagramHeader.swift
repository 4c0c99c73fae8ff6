import Domain

/// The 16 bytes every protocol-version-2 datagram starts with (docs/PROTOCOL.md, "Header").
public struct DatagramHeader: Sendable, Hashable {
    /// "MR": the same two bytes as version 1, so that peers of either version name the other's version.
    public static let magic: [UInt8] = [0x4D, 0x52]
    /// The protocol version this build speaks.
    public static let version: UInt8 = 2
    /// Bytes of the header.
    public static let length = 16

    /// The message type (high nibble of byte 3).
    public var type: MessageType
    /// The message's own flag bits (bits 0-2 of byte 3); their meaning depends on `type`.
    public var flags: UInt8
    /// Bit 3 of byte 3: an 8-byte authentication tag ends the datagram (a keyed race).
    public var authenticated: Bool
    /// The runner whose peer sent the datagram.
    public var sender: RunnerID
    /// Counts every datagram a sender sends, from 1; a later datagram has a higher number.
    public var sequence: UInt32

    static let authenticatedFlag: UInt8 = 0x08

    /// A header; `flags` keeps only its low 3 bits.
    public init(type: MessageType, flags: UInt8 = 0, authenticated: Bool = false, sender: RunnerID, sequence: UInt32) {
        self.type = type
        self.flags = flags & 0x07
        self.authenticated = authenticated
        self.sender = sender
        self.sequence = sequence
    }

    func write(to writer: inout WireWriter) {
        writer.write(contentsOf: Self.magic)
        writer.write(Self.version)
        writer.write(type.rawValue << 4 | flags | (authenticated ? Self.authenticatedFlag : 0))
        writer.write(sender.rawValue)
        writer.write(sequence)
    }

    /// Reads and checks magic, version and type; the length was checked by the caller.
    static func read(from reader: inout WireReader) throws(DatagramError) -> DatagramHeader {
        guard Array(try reader.readBytes(2)) == magic else { throw .badMagic }
        let messageVersion = try reader.readUInt8()
        guard messageVersion == version else { throw .unsupportedVersion(messageVersion) }
        let typeAndFlags = try reader.readUInt8()
        guard let type = MessageType(rawValue: typeAndFlags >> 4) else { throw .unknownType(typeAndFlags >> 4) }
        let sender = RunnerID(rawValue: try reader.readUInt64())
        let sequence = try reader.readUInt32()
        guard sequence > 0 else { throw .fieldOutOfRange("sequence") }
        return DatagramHeader(
            type: type, flags: typeAndFlags & 0x07, authenticated: typeAndFlags & authenticatedFlag != 0,
            sender: sender, sequence: sequence
        )
    }
}
