import CMosquitto
import Synchronization

/// Counters of one broker connection.
public struct BrokerStatistics: Sendable, Equatable {
    /// Messages handed to the broker connection.
    public var published = 0
    /// Messages the broker delivered.
    public var received = 0
    /// Messages not sent: the queue full, or QoS 0 while disconnected.
    public var dropped = 0
    /// Connections the broker accepted (the first, and each reconnection).
    public var connections = 0
    /// Connections lost (not closed by us).
    public var losses = 0

    public init() {}
}

/// What libmosquitto's network thread tells the Swift side (the callbacks' user data): one lock around
/// the connection's state, so that the callbacks (on that thread) and the callers (on any) never race.
final class MosquittoEvents: Sendable {
    /// How the first connection attempt ended.
    enum FirstAnswer: Sendable {
        case accepted
        case refused(Int32)
        case lost(Int32)
        /// The TLS handshake failed on libmosquitto's thread (its error line).
        case tls(String)
    }

    struct State {
        var connected = false
        var closing = false
        var firstAnswer: (@Sendable (FirstAnswer) -> Void)?
        /// Topic filters and their QoS, subscribed again at every connection (the session is clean).
        var subscriptions: [(filter: String, qos: Int32)] = []
        var onConnected: [@Sendable () -> Void] = []
        /// Published and not yet written or acknowledged.
        var queued = 0
        var statistics = BrokerStatistics()
        /// libmosquitto's last error or warning line (a TLS failure's reason, say).
        var lastProblem: String?
    }

    let state = Mutex(State())
    let receive: @Sendable (BrokerMessage) -> Void

    init(receive: @escaping @Sendable (BrokerMessage) -> Void) {
        self.receive = receive
    }

    /// A CONNACK: `code` 0 accepted, else the broker's refusal. On acceptance the subscriptions are made
    /// again (`mosq` is the client, on its own thread) and the hooks run.
    func connected(_ code: Int32, client mosq: OpaquePointer) {
        let (answer, subscriptions, hooks) = state.withLock { state in
            let answer = state.firstAnswer
            state.firstAnswer = nil
            guard code == 0 else { return (answer, [(filter: String, qos: Int32)](), [@Sendable () -> Void]()) }
            state.connected = true
            state.statistics.connections += 1
            return (answer, state.subscriptions, state.onConnected)
        }
        if code == 0 {
            for subscription in subscriptions { mosquitto_subscribe(mosq, nil, subscription.filter, subscription.qos) }
            for hook in hooks { hook() }
        }
        answer?(code == 0 ? .accepted : .refused(code))
    }

    /// The connection closed: by us (`code` 0) or lost.
    func disconnected(_ code: Int32) {
        let answer = state.withLock { state in
            if state.connected, code != 0 { state.statistics.losses += 1 }
            state.connected = false
            defer { state.firstAnswer = nil }
            return state.firstAnswer
        }
        answer?(.lost(code))
    }

    /// A message from the broker.
    func message(_ message: UnsafePointer<mosquitto_message>) {
        let topic = message.pointee.topic.map { String(cString: $0) } ?? ""
        let count = Int(max(0, message.pointee.payloadlen))
        let payload: [UInt8] = message.pointee.payload.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
        state.withLock { $0.statistics.received += 1 }
        receive(BrokerMessage(topic: topic, payload: payload, retained: message.pointee.retain))
    }

    /// A message went (QoS 0: written; QoS 1: acknowledged).
    func published() {
        state.withLock { $0.queued = max(0, $0.queued - 1) }
    }

    /// A line libmosquitto logged. An OpenSSL error while the first connection is awaited ends the wait:
    /// the handshake may fail on libmosquitto's thread, which then retries without a callback.
    func logged(level: Int32, _ text: UnsafePointer<CChar>?) {
        guard level & (Int32(MOSQ_LOG_ERR) | Int32(MOSQ_LOG_WARNING)) != 0, let text else { return }
        let line = String(cString: text)
        let answer = state.withLock { state -> (@Sendable (FirstAnswer) -> Void)? in
            // The first OpenSSL line says most ("certificate verify failed"); later ones are the stack.
            if state.lastProblem?.hasPrefix("OpenSSL Error") != true { state.lastProblem = line }
            guard line.hasPrefix("OpenSSL Error") else { return nil }
            defer { state.firstAnswer = nil }
            return state.firstAnswer
        }
        answer?(.tls(line))
    }
}
