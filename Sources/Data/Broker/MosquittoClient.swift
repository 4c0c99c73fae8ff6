import CMosquitto
import Dispatch
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One MQTT connection on libmosquitto (one `struct mosquitto`, docs/BROKER.md): connects (mqtt:// or
/// mqtts:// with a CA file) with TCP_NODELAY, a keep-alive and a last will; libmosquitto's own thread
/// (`mosquitto_loop_start`) reads, writes, pings and reconnects with a doubling delay; what it reads goes
/// to `receive` on that thread, through `MosquittoEvents`' lock. The subscriptions are made again at every
/// connection. Publishing is bounded (`BrokerSettings.maximumQueued`): beyond it a message is dropped and
/// counted, never queued without end.
public final class MosquittoClient: Sendable {
    /// The C handle, used from any thread: libmosquitto locks inside once its thread runs. It keeps the
    /// callbacks' user data alive, and is destroyed by whoever finishes with it last: a connect that
    /// outlived its timeout still blocks in libmosquitto, and destroys the handle when it returns.
    private final class Handle: @unchecked Sendable {
        enum Phase { case connecting, open, abandoned }
        let pointer: OpaquePointer
        let events: MosquittoEvents
        let phase = Mutex(Phase.connecting)

        init(_ pointer: OpaquePointer, events: MosquittoEvents) {
            self.pointer = pointer
            self.events = events
        }

        /// The blocking connect returned: false (and the handle destroyed) when it was given up on.
        func connectReturned() -> Bool {
            let abandoned = phase.withLock { phase -> Bool in
                if phase == .abandoned { return true }
                phase = .open
                return false
            }
            if abandoned { mosquitto_destroy(pointer) }
            return !abandoned
        }

        /// Gives up on a connect still blocking; false when none is.
        func abandonConnect() -> Bool {
            phase.withLock { phase -> Bool in
                guard phase == .connecting else { return false }
                phase = .abandoned
                return true
            }
        }
    }

    private let handle: Handle
    private let events: MosquittoEvents
    /// How the connection was made.
    public let settings: BrokerSettings
    private let closed = Mutex(false)

    private static let libraryReady: Bool = mosquitto_lib_init() == MOSQ_ERR_SUCCESS.rawValue

    private init(handle: Handle, events: MosquittoEvents, settings: BrokerSettings) {
        self.handle = handle
        self.events = events
        self.settings = settings
    }

    /// Connects to the broker as `clientID`, leaving `will` for the broker to publish if the connection is
    /// lost; returns once the broker accepted, or throws: `.unreachable` (not there, or no answer within
    /// `connectTimeout`), `.notAuthorized` (wrong user or password), `.tlsFailed` (the certificate does
    /// not verify), `.refused`. Every message the broker delivers goes to `receive`, on libmosquitto's thread.
    public static func connect(
        _ settings: BrokerSettings, clientID: String, will: BrokerWill? = nil, receive: @escaping @Sendable (BrokerMessage) -> Void
    ) async throws(BrokerError) -> MosquittoClient {
        guard libraryReady else { throw .client("libmosquitto did not initialise") }
        let events = MosquittoEvents(receive: receive)
        guard let pointer = mosquitto_new(clientID, true, Unmanaged.passUnretained(events).toOpaque()) else {
            throw .client("cannot make a client (\(String(cString: strerror(errno))))")
        }
        let client = MosquittoClient(handle: Handle(pointer, events: events), events: events, settings: settings)
        do {
            try client.configure(will: will)
            try await client.connectFirst()
        } catch {
            client.shutDown(graceful: false)
            throw error
        }
        return client
    }

    // MARK: Setting up

    private func configure(will: BrokerWill?) throws(BrokerError) {
        let pointer = handle.pointer
        mosquitto_connect_callback_set(pointer) { mosq, user, code in
            guard let mosq, let user else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(user).takeUnretainedValue().connected(code, client: mosq)
        }
        mosquitto_disconnect_callback_set(pointer) { _, user, code in
            guard let user else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(user).takeUnretainedValue().disconnected(code)
        }
        mosquitto_message_callback_set(pointer) { _, user, message in
            guard let user, let message else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(user).takeUnretainedValue().message(message)
        }
        mosquitto_publish_callback_set(pointer) { _, user, _ in
            guard let user else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(user).takeUnretainedValue().published()
        }
        mosquitto_log_callback_set(pointer) { _, user, level, text in
            guard let user else { return }
            Unmanaged<MosquittoEvents>.fromOpaque(user).takeUnretainedValue().logged(level: level, text)
        }
        // A progress message is small and must go at once, not wait for the previous one's ACK (Nagle).
        try check(mosquitto_int_option(pointer, MOSQ_OPT_TCP_NODELAY, 1), "TCP_NODELAY")
        try check(
            mosquitto_reconnect_delay_set(pointer, UInt32(settings.reconnectDelay), UInt32(settings.reconnectDelayMaximum), true),
            "the reconnection delay"
        )
        if let user = settings.url.user {
            try check(mosquitto_username_pw_set(pointer, user, settings.password), "the user and password")
        }
        if settings.url.tls {
            let capath: String? = settings.caFile == nil ? "/etc/ssl/certs" : nil
            try check(mosquitto_tls_set(pointer, settings.caFile, capath, nil, nil, nil), "TLS with the CA file \(settings.caFile ?? "(system)")")
            // Verify the peer's certificate and that it names the host.
            try check(mosquitto_tls_opts_set(pointer, 1, nil, nil), "TLS options")
            try check(mosquitto_tls_insecure_set(pointer, false), "TLS host name checking")
        }
        if let will {
            let code = will.payload.withUnsafeBytes { bytes in
                mosquitto_will_set(pointer, will.topic, Int32(bytes.count), bytes.baseAddress, BrokerDelivery.atLeastOnce.rawValue, will.retained)
            }
            try check(code, "the last will")
        }
    }

    private func check(_ code: Int32, _ what: String) throws(BrokerError) {
        guard code != MOSQ_ERR_SUCCESS.rawValue else { return }
        if code == MOSQ_ERR_INVAL.rawValue, settings.url.tls, what.hasPrefix("TLS with") {
            throw .tlsFailed(settings.url, caFile: settings.caFile, reason: "the CA file cannot be read")
        }
        throw .client("cannot set \(what): \(String(cString: mosquitto_strerror(code)))")
    }

    /// The TCP (and TLS) connection, made on a thread of its own (libmosquitto's connect blocks), then
    /// the network thread, then the broker's answer.
    private func connectFirst() async throws(BrokerError) {
        let url = settings.url
        let keepAlive = Int32(settings.keepAlive)
        let handle = self.handle
        let opened = await Self.answer(within: settings.connectTimeout, late: (code: Int32(-100), error: Int32(0))) { resume in
            DispatchQueue.global().async {
                let code = mosquitto_connect(handle.pointer, url.host, Int32(url.port), keepAlive)
                let error = errno
                if handle.connectReturned() { resume((code, error)) }
            }
        }
        let problem = events.state.withLock { $0.lastProblem }
        switch opened.code {
        case MOSQ_ERR_SUCCESS.rawValue:
            break
        case -100:
            throw .unreachable(url, reason: "no answer within \(settings.connectTimeout)")
        case MOSQ_ERR_ERRNO.rawValue:
            throw .unreachable(url, reason: String(cString: strerror(opened.error)))
        case MOSQ_ERR_EAI.rawValue:
            throw .unreachable(url, reason: "the host name \(url.host) does not resolve")
        case MOSQ_ERR_INVAL.rawValue:
            throw .client("the connection's settings were refused (a keep-alive under 5 s, an empty host?)")
        case MOSQ_ERR_TLS.rawValue, MOSQ_ERR_TLS_HANDSHAKE.rawValue:
            throw .tlsFailed(url, caFile: settings.caFile, reason: problem ?? String(cString: mosquitto_strerror(opened.code)))
        default:
            throw .unreachable(url, reason: problem ?? String(cString: mosquitto_strerror(opened.code)))
        }
        // The waiter is in place before the thread starts: the broker's answer cannot come before it.
        var started = MOSQ_ERR_SUCCESS.rawValue
        let answer = await Self.answer(within: settings.connectTimeout, late: MosquittoEvents.FirstAnswer?.none) { resume in
            events.state.withLock { $0.firstAnswer = { resume($0) } }
            started = mosquitto_loop_start(handle.pointer)
            if started != MOSQ_ERR_SUCCESS.rawValue { resume(nil) }
        }
        guard started == MOSQ_ERR_SUCCESS.rawValue else { throw .client("cannot start its thread: \(String(cString: mosquitto_strerror(started)))") }
        switch answer {
        case .accepted:
            return
        case .refused(let code):
            // MQTT 3.1.1: 4 a bad user name or password, 5 not authorised.
            let reason = String(cString: mosquitto_connack_string(code))
            if code == 4 || code == 5 { throw .notAuthorized(url, reason: reason) }
            throw .refused(url, reason: reason)
        case .tls(let problem):
            throw .tlsFailed(url, caFile: settings.caFile, reason: problem)
        case .lost(let code):
            let problem = events.state.withLock { $0.lastProblem }
            throw .unreachable(url, reason: "the broker closed the connection (\(problem ?? String(cString: mosquitto_strerror(code))))")
        case nil:
            if url.tls, let problem = events.state.withLock({ $0.lastProblem }), problem.hasPrefix("OpenSSL Error") {
                throw .tlsFailed(url, caFile: settings.caFile, reason: problem)
            }
            throw .unreachable(url, reason: "no answer to the MQTT connection within \(settings.connectTimeout)")
        }
    }

    /// The first value `start` hands its closure, or `late` after `timeout`.
    private static func answer<Value: Sendable>(
        within timeout: Duration, late: Value, _ start: (@escaping @Sendable (Value) -> Void) -> Void
    ) async -> Value {
        let slot = OneAnswer<Value>()
        return await withCheckedContinuation { continuation in
            slot.wait(continuation)
            start { slot.resume($0) }
            Task {
                try? await Task.sleep(for: timeout)
                slot.resume(late)
            }
        }
    }

    // MARK: Using

    /// Subscribes to `filter` (now, and again at every reconnection).
    public func subscribe(_ filter: String, delivery: BrokerDelivery) {
        let connected = events.state.withLock { state in
            state.subscriptions.append((filter, delivery.rawValue))
            return state.connected
        }
        if connected { mosquitto_subscribe(handle.pointer, nil, filter, delivery.rawValue) }
    }

    /// Unsubscribes from `filter` (and no longer subscribes again at reconnections).
    public func unsubscribe(_ filter: String) {
        let connected = events.state.withLock { state in
            state.subscriptions.removeAll { $0.filter == filter }
            return state.connected
        }
        if connected { mosquitto_unsubscribe(handle.pointer, nil, filter) }
    }

    /// Runs `body` (on libmosquitto's thread) after every connection the broker accepts from now on, the
    /// subscriptions made again: to publish a presence again after a reconnection.
    public func onConnected(_ body: @escaping @Sendable () -> Void) {
        events.state.withLock { $0.onConnected.append(body) }
    }

    /// Publishes `payload` on `topic`; false when it was dropped: the queue full, QoS 0 while
    /// disconnected (QoS 1 waits in the queue for the connection), or the client closed.
    @discardableResult
    public func publish(_ payload: [UInt8], to topic: String, delivery: BrokerDelivery, retain: Bool = false) -> Bool {
        let maximum = settings.maximumQueued
        let admitted = events.state.withLock { state -> Bool in
            guard !state.closing else { return false }
            if (delivery == .atMostOnce && !state.connected) || state.queued >= maximum {
                state.statistics.dropped += 1
                return false
            }
            state.queued += 1
            return true
        }
        guard admitted else { return false }
        let code = payload.withUnsafeBytes { bytes in
            mosquitto_publish(handle.pointer, nil, topic, Int32(bytes.count), bytes.baseAddress, delivery.rawValue, retain)
        }
        // QoS 1 while disconnected: libmosquitto keeps it and sends it after the reconnection (NO_CONN).
        let kept = code == MOSQ_ERR_SUCCESS.rawValue || (delivery == .atLeastOnce && code == MOSQ_ERR_NO_CONN.rawValue)
        return events.state.withLock { state in
            guard kept else {
                state.queued = max(0, state.queued - 1)
                state.statistics.dropped += 1
                return false
            }
            state.statistics.published += 1
            return true
        }
    }

    /// Whether the broker connection is up now.
    public var isConnected: Bool { events.state.withLock { $0.connected } }

    /// Messages published and not yet gone.
    public var queued: Int { events.state.withLock { $0.queued } }

    /// The counters so far.
    public var statistics: BrokerStatistics { events.state.withLock { $0.statistics } }

    /// Disconnects cleanly (the last will is not published) and stops the thread. Idempotent.
    public func close() {
        shutDown(graceful: true)
    }

    private func shutDown(graceful: Bool) {
        let first = closed.withLock { closed -> Bool in
            defer { closed = true }
            return !closed
        }
        guard first else { return }
        let connected = events.state.withLock { state -> Bool in
            state.closing = true
            return state.connected
        }
        // A connect still blocking destroys the handle itself when it returns.
        if handle.abandonConnect() { return }
        if graceful, connected {
            mosquitto_disconnect(handle.pointer)
            mosquitto_loop_stop(handle.pointer, false)
        } else {
            mosquitto_disconnect(handle.pointer)
            mosquitto_loop_stop(handle.pointer, true)
        }
        mosquitto_destroy(handle.pointer)
    }

    deinit {
        shutDown(graceful: false)
    }
}

/// A continuation resumed once, by the first of several racing answers.
private final class OneAnswer<Value: Sendable>: Sendable {
    private let slot = Mutex<(continuation: CheckedContinuation<Value, Never>?, done: Bool)>((nil, false))

    func wait(_ continuation: CheckedContinuation<Value, Never>) {
        slot.withLock { $0.continuation = continuation }
    }

    func resume(_ value: Value) {
        let continuation = slot.withLock { slot -> CheckedContinuation<Value, Never>? in
            guard !slot.done else { return nil }
            slot.done = true
            return slot.continuation
        }
        continuation?.resume(returning: value)
    }
}

extension MosquittoClient {
    /// Cuts the TCP connection under libmosquitto without a DISCONNECT, as a lost uplink would: the broker
    /// publishes the last will, and the client reconnects. For tests.
    func breakConnection() {
        let socket = mosquitto_socket(handle.pointer)
        if socket >= 0 { shutdown(socket, Int32(SHUT_RDWR)) }
    }
}
