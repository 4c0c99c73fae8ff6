import Foundation

/// One HTTP request from a phone app, read whole (its body within the source's limit).
public struct PhoneRequest: Sendable {
    public var method: String
    /// The path, without the query.
    public var path: String
    /// What follows `?`, still percent-encoded.
    public var query: Substring
    /// Header fields, names lowercased.
    public var headers: [String: String]
    public var body: Data
    /// Who sent it, for the log (`127.0.0.1:53412`).
    public var peer: String

    public init(
        method: String, target: String, headers: [String: String] = [:], body: Data = Data(), peer: String = "?"
    ) {
        self.method = method
        if let mark = target.firstIndex(of: "?") {
            path = String(target[..<mark])
            query = target[target.index(after: mark)...]
        } else {
            path = target
            query = ""
        }
        self.headers = Dictionary(
            headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
        self.peer = peer
    }
}

/// The answer to a `PhoneRequest`.
public struct PhoneResponse: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// `status` with a short plain-text reason for a person reading a log or curl's output.
    static func text(_ status: Int, _ text: String, headers: [String: String] = [:]) -> PhoneResponse {
        PhoneResponse(
            status: status, headers: headers.merging(["content-type": "text/plain; charset=utf-8"]) { $1 },
            body: Data((text + "\n").utf8))
    }

    /// 200 with a JSON body.
    static func json(_ body: Data) -> PhoneResponse {
        PhoneResponse(status: 200, headers: ["content-type": "application/json"], body: body)
    }
}
