import Foundation
import NIOCore
import NIOHTTP1

/// Reads one HTTP/1.1 request at a time, its body up to `maximumBody` bytes, and answers with what
/// `respond` makes of it. A body declared or found larger is answered 413 at once and the connection
/// closed, without reading it whole.
final class PhoneHTTPHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias OutboundOut = HTTPServerResponsePart

    private let maximumBody: Int
    private let respond: @Sendable (PhoneRequest) -> PhoneResponse
    private let tooLarge: @Sendable (PhoneRequest, Int?) -> PhoneResponse
    private var request: PhoneRequest?
    private var keepAlive = true
    private var refused = false
    /// The response that ends the connection is written: what still comes is read and dropped.
    private var closing = false

    init(
        maximumBody: Int, respond: @escaping @Sendable (PhoneRequest) -> PhoneResponse,
        tooLarge: @escaping @Sendable (PhoneRequest, Int?) -> PhoneResponse
    ) {
        self.maximumBody = maximumBody
        self.respond = respond
        self.tooLarge = tooLarge
    }

    /// How long a connection being closed still reads the client's bytes before it is closed whatever comes.
    static let lingering = TimeAmount.seconds(2)

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !closing else { return }
        switch unwrapInboundIn(data) {
        case .head(let head):
            refused = false
            keepAlive = head.isKeepAlive
            var headers: [String: String] = [:]
            for (name, value) in head.headers where headers[name.lowercased()] == nil {
                headers[name.lowercased()] = value
            }
            let peer = context.remoteAddress.map { "\($0.ipAddress ?? "?"):\($0.port ?? 0)" } ?? "?"
            let request = PhoneRequest(method: head.method.rawValue, target: head.uri, headers: headers, peer: peer)
            if let declared = head.headers.first(name: "content-length").flatMap(Int.init), declared > maximumBody {
                refuse(context: context, request, declared: declared)
            } else {
                self.request = request
            }
        case .body(var buffer):
            guard !refused, var request else { return }
            if request.body.count + buffer.readableBytes > maximumBody {
                refuse(context: context, request, declared: nil)
                return
            }
            request.body.append(contentsOf: buffer.readBytes(length: buffer.readableBytes) ?? [])
            self.request = request
        case .end:
            guard !refused, let request else { return }
            self.request = nil
            write(context: context, respond(request), close: !keepAlive)
        }
    }

    private func refuse(context: ChannelHandlerContext, _ request: PhoneRequest, declared: Int?) {
        refused = true
        self.request = nil
        write(context: context, tooLarge(request, declared), close: true)
    }

    private func write(context: ChannelHandlerContext, _ response: PhoneResponse, close: Bool) {
        var headers = HTTPHeaders()
        for (name, value) in response.headers.sorted(by: { $0.key < $1.key }) { headers.add(name: name, value: value) }
        headers.replaceOrAdd(name: "content-length", value: String(response.body.count))
        if close { headers.replaceOrAdd(name: "connection", value: "close") }
        let head = HTTPResponseHead(
            version: .http1_1, status: HTTPResponseStatus(statusCode: response.status), headers: headers)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        if !response.body.isEmpty {
            context.write(
                wrapOutboundOut(.body(.byteBuffer(context.channel.allocator.buffer(bytes: response.body)))),
                promise: nil)
        }
        let done = context.writeAndFlush(wrapOutboundOut(.end(nil)))
        guard close else { return }
        closing = true
        let channel = context.channel
        done.whenComplete { _ in
            // A lingering close: send our end, then read and drop what the client is still sending (the rest
            // of a refused 10 MB body) until it closes, for at most `lingering`. Closing at once with unread
            // bytes makes the kernel answer with a reset, which can destroy the 413 in the client's buffer
            // before the client reads it: a phone would see a broken connection instead of the refusal.
            let fullClose = channel.eventLoop.scheduleTask(in: Self.lingering) { channel.close(promise: nil) }
            let halfClosed = channel.eventLoop.makePromise(of: Void.self)
            channel.close(mode: .output, promise: halfClosed)
            halfClosed.futureResult.whenFailure { _ in channel.close(promise: nil) }
            channel.closeFuture.whenComplete { _ in fullClose.cancel() }
        }
    }
}
