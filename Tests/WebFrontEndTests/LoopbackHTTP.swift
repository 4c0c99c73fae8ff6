import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// A plain HTTP/1.1 client on a TCP socket to 127.0.0.1, for tests: sends one request and reads the
/// answer until `done` says the text so far is enough, the server closes, or 30 s pass.
enum LoopbackHTTP {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: String
    }

    static func exchange(port: Int, _ request: String, until done: (String) -> Bool = { _ in false }) throws -> String {
        let deadline = Date().addingTimeInterval(30)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        defer { close(fd) }
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
        let bytes = Array(request.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            sent += count
        }
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !done(String(decoding: received, as: UTF8.self)), Date() < deadline {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR) { break }
            if count > 0 { received.append(contentsOf: buffer[0..<count]) }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// One request with `Connection: close`, the answer parsed (the body as sent: no chunked bodies here).
    static func request(port: Int, _ method: String, _ path: String, body: String? = nil, host: String = "127.0.0.1", headers: [String] = []) throws -> Answer {
        var request = "\(method) \(path) HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n" + headers.map { $0 + "\r\n" }.joined()
        if let body { request += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + (body ?? "")
        let text = try exchange(port: port, request)
        guard let split = text.range(of: "\r\n\r\n") else { return Answer(status: 0, headers: [:], body: text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = Int(lines.first?.split(separator: " ").dropFirst().first ?? "") ?? 0
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return Answer(status: status, headers: headers, body: String(text[split.upperBound...]))
    }
}

/// Runs blocking work on a thread of its own, so that a test waiting on a socket never holds one of
/// the few threads of Swift's shared pool (which the code under test may need meanwhile).
func onOwnThread<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try work() }) }.start()
    }
}

/// Bare TCP connections to 127.0.0.1 that send nothing, for the connection limits.
enum LoopbackSocket {
    static func connect(port: Int) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            Glibc.close(fd)
            throw POSIXError(.ECONNREFUSED)
        }
        return fd
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
