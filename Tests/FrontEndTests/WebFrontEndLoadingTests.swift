import Domain
import Foundation
import FrontEndHosting
import FrontEndKit
import MateRunnerTesting
import Presentation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The shipped web front-end loaded through the host and the C ABI, as `--frontend web` loads it.
@Suite("Web front-end through the host", .serialized)
struct WebFrontEndLoadingTests {
    private func host() -> FrontEndHost {
        FrontEndHost(searchPath: FrontEndSearchPath(directories: [BuildProducts.directory.path]))
    }

    /// The reason `create` failed with, loading `web` with `settings`.
    private func failure(_ settings: [String]) throws -> String? {
        try failureAndStatus(settings)?.reason
    }

    /// The reason `create` failed with and the class of the failure.
    private func failureAndStatus(_ settings: [String]) throws -> (reason: String, status: Fault)? {
        let output = try CapturedOutput()
        let error = #expect(throws: FrontEndLoadError.self) {
            try host().load("web", options: FrontEndOptions(outputFD: output.fd), settings: try FrontEndSettings(parsing: settings))
        }
        guard case let .createFailed(_, reason, status) = error else {
            Issue.record("expected createFailed, got \(String(describing: error))")
            return nil
        }
        #expect(error?.fault == status)
        return (reason, status)
    }

    @Test("a port in use fails create with a message naming the port and the option to change it, a service unavailable (69)")
    func portInUse() throws {
        let (fd, port) = try Self.listeningSocket()
        defer { close(fd) }
        let failed = try failureAndStatus(["web.listen=127.0.0.1:\(port)", "web.qr=off"])
        #expect(failed?.status == .unavailable && Fault.unavailable.exitStatus == 69)
        let reason = failed?.reason
        #expect(reason == "cannot serve the web page on 127.0.0.1:\(port): the port \(port) is in use (another web front-end?); "
            + "choose another with --frontend-option web.listen=127.0.0.1:PORT")
    }

    @Test("a bad setting fails create naming it", arguments: [
        ("web.lsten=1", "--frontend-option web.lsten=1: unknown option; the web front-end knows listen ("),
        ("web.listen=8047", "--frontend-option web.listen=8047: not ADDRESS:PORT"),
        ("web.qr=maybe", "--frontend-option web.qr=maybe: must be auto, on or off"),
    ])
    func badSetting(setting: String, start: String) throws {
        let failed = try failureAndStatus([setting])
        #expect(failed?.reason.hasPrefix(start) == true, "\(failed?.reason ?? "no reason")")
        #expect(failed?.status == .usage)
    }

    @Test("loaded on a free port it takes frames and stops cleanly, freeing the port: loaded again, it binds the same one")
    func takesFrames() throws {
        let (fd, port) = try Self.listeningSocket()
        close(fd)
        for _ in 0..<2 {
            let host = host()
            let output = try CapturedOutput()
            try host.load("web", options: FrontEndOptions(outputFD: output.fd),
                          settings: try FrontEndSettings(parsing: ["web.listen=127.0.0.1:\(port)", "web.qr=off"]))
            #expect(host.loaded.map(\.name) == ["web"])
            #expect(host.deliver(FrontEndFrame(type: .notice, time: "2027-01-15T08:00:00.000Z", level: "info", message: "hello")).isEmpty)
            #expect(host.deliver(SampleFrames.status).isEmpty)
            host.shutdown()
        }
    }

    /// A TCP socket listening on a free loopback port, and the port.
    static func listeningSocket() throws -> (fd: Int32, port: Int) {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        try #require(bound)
        return (fd, Int(UInt16(bigEndian: address.sin_port)))
    }
}
