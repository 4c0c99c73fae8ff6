import NIOCore

/// One line from gpsd, or the news that a line was too long and was dropped.
enum GPSDLine: Sendable, Equatable {
    case line(String)
    case oversized
}

/// Splits gpsd's byte stream into lines. A line longer than `maximumLength` is never buffered whole:
/// its bytes are dropped as they arrive and one `.oversized` is emitted when its newline comes.
/// (gpsd itself cuts JSON objects at 10 KiB, leaving invalid JSON that the message decoder counts.)
struct GPSDLineDecoder: ByteToMessageDecoder {
    typealias InboundOut = GPSDLine

    /// Longer than any line gpsd writes (10 KiB) with room to spare.
    static let maximumLength = 16 * 1024

    private var discarding = false

    mutating func decode(context: ChannelHandlerContext, buffer: inout ByteBuffer) throws -> DecodingState {
        guard let newline = buffer.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else {
            if buffer.readableBytes > Self.maximumLength {
                buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
                discarding = true
            }
            return .needMoreData
        }
        let length = newline - buffer.readerIndex
        if discarding || length > Self.maximumLength {
            buffer.moveReaderIndex(forwardBy: length + 1)
            discarding = false
            context.fireChannelRead(wrapInboundOut(.oversized))
            return .continue
        }
        var text = buffer.readString(length: length) ?? ""
        buffer.moveReaderIndex(forwardBy: 1)
        if text.hasSuffix("\r") { text.removeLast() }
        context.fireChannelRead(wrapInboundOut(.line(text)))
        return .continue
    }

    mutating func decodeLast(context: ChannelHandlerContext, buffer: inout ByteBuffer, seenEOF: Bool) throws -> DecodingState {
        while try decode(context: context, buffer: &buffer) == .continue {}
        if buffer.readableBytes > 0 || discarding {
            // An unterminated last line: gpsd closed mid-object.
            buffer.moveReaderIndex(forwardBy: buffer.readableBytes)
            discarding = false
            context.fireChannelRead(wrapInboundOut(.line("")))
        }
        return .needMoreData
    }
}
