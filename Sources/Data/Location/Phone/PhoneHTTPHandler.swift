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

    init(
        maximumBody: Int, respond: @escaping @Sendable (PhoneRequest) -> PhoneResponse,
        tooLarge: @escaping @Sendable (PhoneRequest, Int?) -> PhoneResponse
    ) {
        self.maximumBody = maximumBody
        self.respond = respond
        self.tooLarge = tooLarge
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
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
        if close {
            let channel = context.channel
            done.whenComplete { _ in channel.close(promise: nil) }
        }
    }
}
