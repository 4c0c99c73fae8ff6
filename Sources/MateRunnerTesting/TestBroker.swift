#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// A real mosquitto for a test (docs/TESTING.md, "Beyond one network"): its own config in a fresh folder,
/// listening on loopback only, on a free port, with optional users (a password file made with
/// `mosquitto_passwd`) and TLS (a CA and a certificate for `localhost` and 127.0.0.1 made with
/// openssl); started by the test and stopped by its pid, never as a service. `restart()` keeps the port.
public final class TestBroker: @unchecked Sendable {
    /// The port it listens on, on 127.0.0.1.
    public let port: Int
    /// Its folder: config, password file, certificates, log.
    public let folder: URL
    /// The CA file a client verifies the broker's certificate with (TLS only).
    public let caFile: String?
    private let lock = NSLock()
    private var process: Process?

    /// Starts mosquitto: anonymous unless `users` (name: password) are given; TLS when `tls`.
    /// `extraConfig` lines go at the end of its config (a bridge section, say). It blocks the calling
    /// thread: tests call `started`, which runs it off Swift's pool.
    init(users: [String: String] = [:], tls: Bool = false, port: Int? = nil, extraConfig: [String] = []) throws {
        self.port = try port ?? freeTCPPort()
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("materunner-broker-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var config = ["per_listener_settings false", "persistence false", "log_dest stderr", "log_type error", "log_type warning",
                      "listener \(self.port) 127.0.0.1"]
        if users.isEmpty {
            config.append("allow_anonymous true")
        } else {
            let passwords = folder.appendingPathComponent("passwords").path
            _ = FileManager.default.createFile(atPath: passwords, contents: nil)
            for (user, password) in users.sorted(by: { $0.key < $1.key }) {
                try Self.run("/usr/bin/mosquitto_passwd", ["-b", passwords, user, password])
            }
            // Readable by mosquitto once it drops root for its own user (test secrets only).
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: passwords)
            config += ["allow_anonymous false", "password_file \(passwords)"]
        }
        if tls {
            let ca = try Self.makeCertificates(in: folder)
            caFile = ca
            config += ["cafile \(ca)", "certfile \(folder.appendingPathComponent("server.crt").path)",
                       "keyfile \(folder.appendingPathComponent("server.key").path)"]
        } else {
            caFile = nil
        }
        config += extraConfig
        try (config.joined(separator: "\n") + "\n").write(to: folder.appendingPathComponent("mosquitto.conf"), atomically: true, encoding: .utf8)
        try start()
    }

    /// A broker started off Swift's pool (its certificates made, its port waited for: blocking work that
    /// would hold up every test beside it); what `init` takes.
    public static func started(
        users: [String: String] = [:], tls: Bool = false, port: Int? = nil, extraConfig: [String] = []
    ) async throws -> TestBroker {
        try await offThePool { try TestBroker(users: users, tls: tls, port: port, extraConfig: extraConfig) }
    }

    /// `mqtt://` or `mqtts://` with `user@` and this broker's port on 127.0.0.1 (`localhost` with TLS,
    /// the name the certificate has).
    public func url(user: String? = nil) -> String {
        let host = caFile == nil ? "127.0.0.1" : "localhost"
        return "\(caFile == nil ? "mqtt" : "mqtts")://\(user.map { "\($0)@" } ?? "")\(host):\(port)"
    }

    /// Starts mosquitto and waits (up to 5 s) until its port accepts connections.
    public func start() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", folder.appendingPathComponent("mosquitto.conf").path]
        let log = folder.appendingPathComponent("mosquitto.log")
        if !FileManager.default.fileExists(atPath: log.path) { _ = FileManager.default.createFile(atPath: log.path, contents: nil) }
        let handle = try FileHandle(forWritingTo: log)
        handle.seekToEndOfFile()
        process.standardError = handle
        process.standardOutput = handle
        try process.run()
        lock.withLock { self.process = process }
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if Self.accepts(port: port) { return }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop()
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        throw TestFailure("mosquitto did not start on port \(port): \(text)")
    }

    /// Stops mosquitto (SIGKILL by pid: a child of the test process inherits its blocked SIGTERM) and
    /// waits for it to end.
    public func stop() {
        guard let process = lock.withLock({ () -> Process? in
            defer { self.process = nil }
            return self.process
        }) else { return }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// Stops and starts it again on the same port (its retained messages are gone: no persistence), off
    /// Swift's pool: the wait for its port blocks a thread.
    public func restart() async throws {
        try await offThePool {
            self.stop()
            try self.start()
        }
    }

    /// Its log so far.
    public var log: String { (try? String(contentsOf: folder.appendingPathComponent("mosquitto.log"), encoding: .utf8)) ?? "" }

    deinit {
        stop()
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: Helpers

    /// Runs a tool to the end; throws when it fails.
    @discardableResult
    public static func run(_ tool: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        guard process.terminationStatus == 0 else { throw TestFailure("\(tool) \(arguments.joined(separator: " ")) failed: \(text)") }
        return text
    }

    /// A CA (ca.crt) and a server certificate it signed for localhost and 127.0.0.1 (server.crt/.key),
    /// and a second, unrelated CA (other-ca.crt) for the tests of a certificate that does not verify.
    private static func makeCertificates(in folder: URL) throws -> String {
        let path = { (name: String) in folder.appendingPathComponent(name).path }
        for ca in ["ca", "other-ca"] {
            try run("/usr/bin/openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=MateRunner test \(ca)",
                                         "-keyout", path("\(ca).key"), "-out", path("\(ca).crt")])
        }
        try run("/usr/bin/openssl", ["req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=localhost", "-keyout", path("server.key"), "-out", path("server.csr")])
        try "subjectAltName=DNS:localhost,IP:127.0.0.1\n".write(toFile: path("san.ext"), atomically: true, encoding: .utf8)
        try run("/usr/bin/openssl", ["x509", "-req", "-in", path("server.csr"), "-CA", path("ca.crt"), "-CAkey", path("ca.key"), "-CAcreateserial",
                                     "-days", "2", "-extfile", path("san.ext"), "-out", path("server.crt")])
        // Readable by mosquitto once it drops root for its own user (a test key only).
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path("server.key"))
        return path("ca.crt")
    }

    /// Whether something accepts TCP connections on 127.0.0.1:`port`.
    private static func accepts(port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
