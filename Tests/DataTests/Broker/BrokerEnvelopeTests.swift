@testable import Data
import Domain
import MateRunnerTesting
import SyncWire
import Testing

/// The envelope around each datagram through the broker, and the QoS each message kind goes with.
@Suite("Broker envelope")
struct BrokerEnvelopeTests {
    let sender: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8]
    let datagram: [UInt8] = Array("MR\u{2}progress of alice".utf8)

    @Test("sealed and opened with the same key and topic; 30 bytes more; the datagram is not in it")
    func roundTrip() throws {
        let key = BrokerSealKey(raceKey: try RaceKey.testing("envelope"))
        let envelope = try #require(BrokerEnvelope.seal(datagram, key: key, sender: sender, counter: 1, topic: "t/a"))
        #expect(envelope.count == datagram.count + BrokerEnvelope.overhead && BrokerEnvelope.overhead == 30)
        #expect(!envelope.contains(subsequence: Array("alice".utf8)))
        let opened = try #require(BrokerEnvelope.open(envelope, keys: [BrokerSealKey(group: "lakeside"), key], topic: "t/a"))
        #expect(opened.datagram == datagram && opened.sender == sender && opened.key == key)
    }

    @Test("refused: another topic, another key, any byte changed, cut short; two counters give two nonces")
    func refusals() throws {
        let key = BrokerSealKey(raceKey: try RaceKey.testing("envelope"))
        let other = BrokerSealKey(raceKey: try RaceKey.testing("another race"))
        let envelope = try #require(BrokerEnvelope.seal(datagram, key: key, sender: sender, counter: 7, topic: "t/a"))
        #expect(BrokerEnvelope.open(envelope, keys: [key], topic: "t/b") == nil)
        #expect(BrokerEnvelope.open(envelope, keys: [other, BrokerSealKey(group: "lakeside")], topic: "t/a") == nil)
        for index in envelope.indices {
            var changed = envelope
            changed[index] ^= 0x01
            #expect(BrokerEnvelope.open(changed, keys: [key], topic: "t/a") == nil, "byte \(index)")
        }
        #expect(BrokerEnvelope.open(Array(envelope.dropLast()), keys: [key], topic: "t/a") == nil)
        #expect(BrokerEnvelope.open([], keys: [key], topic: "t/a") == nil)
        let next = try #require(BrokerEnvelope.seal(datagram, key: key, sender: sender, counter: 8, topic: "t/a"))
        #expect(next[BrokerEnvelope.headerLength...] != envelope[BrokerEnvelope.headerLength...])
    }

    @Test("the group's key and the race's differ, and differ between groups; group topics hash the name")
    func keysAndTopics() throws {
        let race = BrokerSealKey(raceKey: try RaceKey.testing("envelope"))
        #expect(BrokerSealKey(group: "lakeside") == BrokerSealKey(group: "lakeside"))
        #expect(BrokerSealKey(group: "lakeside") != BrokerSealKey(group: "riverside"))
        #expect(race.bytes != BrokerSealKey(group: "lakeside").bytes)
        let topics = BrokerTopics(group: "lakeside")
        #expect(!topics.root.contains("lakeside") && topics.root.hasPrefix("m/") && topics.root.utf8.count == 10)
        #expect(topics.root != BrokerTopics(group: "riverside").root)
        #expect(topics.id(in: topics.inbox(of: "0123456789abcdef"), kind: "t") == "0123456789abcdef")
        #expect(topics.id(in: topics.presence(of: "fedcba9876543210"), kind: "p") == "fedcba9876543210")
        #expect(topics.id(in: topics.inbox(of: "0123456789abcdef"), kind: "p") == nil)
        #expect(topics.id(in: "\(topics.root)/t/alice", kind: "t") == nil)
        #expect(topics.id(in: "\(topics.root)/t/ASNFZ4mrze8", kind: "t") == "0123456789abcdef")
        // Not the one canonical form of those bytes, or not 8 bytes: not an id.
        #expect(topics.id(in: "\(topics.root)/t/ASNFZ4mrze9", kind: "t") == nil)
        #expect(topics.id(in: "\(topics.root)/t/ASNFZ4mrze8=", kind: "t") == nil)
        #expect(topics.id(in: "\(topics.root)/t/ASNFZ4mr", kind: "t") == nil)
        #expect(BrokerPeer.id(of: BrokerPeer.address(of: "0123456789abcdef")) == "0123456789abcdef")
        #expect(BrokerPeer.id(of: PeerAddress(host: "10.0.0.1", port: 47474)) == nil)
    }

    @Test("bytes per progress through the broker: the topics' and envelope's lengths, a QoS 0 PUBLISH of a keyed progress")
    func sizes() throws {
        let topics = BrokerTopics(group: "lakeside")
        let race = topics.race(PeerAddress(host: "239.255.71.1", port: 47474))
        #expect(race.utf8.count == 19 && topics.inbox(of: "0123456789abcdef").utf8.count == 24, "\(race)")
        for topic in [race, topics.inbox(of: "0123456789abcdef"), topics.presence(of: "0123456789abcdef")] {
            #expect(!topic.contains("+") && !topic.contains("#") && topic.split(separator: "/").count == 4, "\(topic)")
        }
        // A keyed full progress (32 bytes with its tag, docs/PROTOCOL.md) on the race's topic, QoS 0: the
        // fixed header (2), the topic's length (2), the topic, the envelope.
        let progress = [UInt8](repeating: 0x5A, count: 32)
        let key = BrokerSealKey(raceKey: try RaceKey.testing("size"))
        let envelope = try #require(BrokerEnvelope.seal(progress, key: key, sender: sender, counter: 1, topic: race))
        #expect(2 + 2 + race.utf8.count + envelope.count == 85)
    }

    @Test("QoS: progress, deltas, acknowledgements, hellos and clock pings at most once; the lobby and decisions at least once")
    func qualityOfService() {
        func datagram(_ type: MessageType) -> [UInt8] {
            [0x4D, 0x52, 2, type.rawValue << 4] + Array(repeating: 0, count: 12)
        }
        let atMostOnce: Set<MessageType> = [.progress, .progressDelta, .acknowledgement, .hello, .clockPing, .clockPong]
        for type in MessageType.allCases {
            #expect(BrokerDelivery.of(datagram: datagram(type)) == (atMostOnce.contains(type) ? .atMostOnce : .atLeastOnce), "\(type)")
        }
        #expect(BrokerDelivery.of(datagram: [1, 2]) == .atMostOnce)
    }
}

extension Array where Element == UInt8 {
    func contains(subsequence: [UInt8]) -> Bool {
        guard subsequence.count <= count else { return false }
        return (0...(count - subsequence.count)).contains { Array(self[$0..<($0 + subsequence.count)]) == subsequence }
    }
}
