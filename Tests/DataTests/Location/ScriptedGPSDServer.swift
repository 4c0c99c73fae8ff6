import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// A stand-in gpsd on 127.0.0.1 made of plain sockets: for each script in turn it accepts one
/// client, greets it with VERSION, waits for its `?WATCH` request, sends the script's bytes and
/// closes. After the last script it stops listening. Everything is bounded: an accept gives up after
/// 60 s and a read after 30 s (generous: a test run loads the machine, and the client connects late).
final class ScriptedGPSDServer: Sendable {
    let port: Int
    private let watchRequests = Mutex<[String]>([])
    private let listener: Int32

    static let version = #"{"class":"VERSION","release":"3.22","rev":"3.22","proto_major":3,"proto_minor":14}"# + "\n"

    init(scripts: [Data]) throws {
        listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let fd = listener
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { raw -> Int32 in
                guard bind(fd, raw, length) == 0, listen(fd, 4) == 0 else { return -1 }
                return getsockname(fd, raw, &length)
            }
        }
        guard listener >= 0, bound == 0 else { throw POSIXError(.EADDRINUSE) }
        port = Int(UInt16(bigEndian: address.sin_port))
        var timeout = timeval(tv_sec: 60, tv_usec: 0)
        setsockopt(listener, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let thread = Thread { [self] in serve(scripts) }
        thread.start()
    }

    /// The WATCH requests clients sent, one per connection.
    var requests: [String] { watchRequests.withLock { $0 } }

    private func serve(_ scripts: [Data]) {
        defer { close(listener) }
        for script in scripts {
            let client = accept(listener, nil, nil)
            guard client >= 0 else { return }
            var timeout = timeval(tv_sec: 30, tv_usec: 0)
            setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
            send(client, Data(Self.version.utf8))
            var received = Data()
            var buffer = [UInt8](repeating: 0, count: 512)
            while !received.contains(UInt8(ascii: ";")) && received.count < 4096 {
                let count = recv(client, &buffer, buffer.count, 0)
                guard count > 0 else { break }
                received.append(contentsOf: buffer[0..<count])
            }
            watchRequests.withLock { $0.append(String(decoding: received, as: UTF8.self)) }
            send(client, script)
            close(client)
        }
    }

    private func send(_ fd: Int32, _ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let sent = Glibc.send(fd, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
                guard sent > 0 else { return }
                offset += sent
            }
        }
    }
}
