/// How to reach the MQTT broker and how to behave on the connection (docs/BROKER.md).
public struct BrokerSettings: Sendable, Equatable {
    /// Where the broker is, and the user.
    public var url: BrokerURL
    /// The user's password (read from a file, never the command line).
    public var password: String?
    /// The CA certificate (PEM) the broker's certificate must verify with, for `mqtts://`; nil: the system's.
    public var caFile: String?
    /// Seconds between keep-alive pings: a runner that goes silent this long (and half again) is gone, and
    /// its last will is published (libmosquitto takes 5 and more).
    public var keepAlive: Int = 10
    /// Messages handed to the client and not yet written (QoS 0) or acknowledged (QoS 1) beyond which a
    /// new one is dropped (and counted): a cut uplink never grows the queue without bound.
    public var maximumQueued: Int = 256
    /// The longest wait for the broker's answer to the first connection.
    public var connectTimeout: Duration = .seconds(10)
    /// The first wait before a reconnection, doubled after each failure up to `reconnectDelayMaximum` (s).
    public var reconnectDelay: Int = 1
    public var reconnectDelayMaximum: Int = 16

    public init(url: BrokerURL, password: String? = nil, caFile: String? = nil) {
        self.url = url
        self.password = password
        self.caFile = caFile
    }
}

/// A message the client publishes when the broker loses it (the MQTT last will): a topic, its bytes and
/// whether it is retained, as a delivered message has.
public typealias BrokerWill = BrokerMessage

/// A message the broker delivered: its topic, its bytes, and whether it was a retained one.
public struct BrokerMessage: Sendable, Equatable {
    public var topic: String
    public var payload: [UInt8]
    public var retained: Bool

    public init(topic: String, payload: [UInt8], retained: Bool) {
        self.topic = topic
        self.payload = payload
        self.retained = retained
    }
}

/// How hard the broker tries to deliver a message (MQTT QoS): once at most, or at least once.
public enum BrokerDelivery: Int32, Sendable {
    /// QoS 0: fire and forget; lost with the connection.
    case atMostOnce = 0
    /// QoS 1: kept and resent by the client until the broker acknowledges it (so it may come twice).
    case atLeastOnce = 1
}
