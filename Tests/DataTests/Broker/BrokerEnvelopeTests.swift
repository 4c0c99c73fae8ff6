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
    static let progress = SyncDatagram(
        sender: RunnerID(rawValue: 0xA11CE), sequence: 9,
        message: .progress(ProgressReportDTO(SyncSample.progress(id: 0xA11CE, name: "alice")))
    )

    @Test("sealed and opened with the same key and topic; 30 bytes more; the datagram is not in it")
    func roundTrip() throws {
        let key = BrokerSealKey(raceKey: try RaceKey.testing("envelope"))
        let envelope = try #require(BrokerEnvelope.seal(
            datagram[...], key: key, sender: sender, counter: 1, topic: "t/a"))
        #expect(envelope.count == datagram.count + BrokerEnvelope.overhead && BrokerEnvelope.overhead == 30)
        #expect(!envelope.contains(subsequence: Array("alice".utf8)))
        let keys = [BrokerSealKey(group: "lakeside"), key]
        let opened = try #require(BrokerEnvelope.open(envelope, keys: keys, topic: "t/a"))
        #expect(opened.payload == datagram && opened.sender == sender && opened.key == key && opened.form.isEmpty)
    }

    @Test("refused: another topic or key, a byte changed (the form too), cut short, version 2, a new form; 2 nonces")
    func refusals() throws {
        let key = BrokerSealKey(raceKey: try RaceKey.testing("envelope"))
        let other = BrokerSealKey(raceKey: try RaceKey.testing("another race"))
        let envelope = try #require(
            BrokerEnvelope.seal(datagram[...], form: .datagram, key: key, sender: sender, counter: 7, topic: "t/a")
        )
        #expect(envelope[0] == 0x31 && BrokerEnvelope.open(envelope, keys: [key], topic: "t/a")?.form == .datagram)
        #expect(BrokerEnvelope.open(envelope, keys: [key], topic: "t/b") == nil)
        #expect(BrokerEnvelope.open(envelope, keys: [other, BrokerSealKey(group: "lakeside")], topic: "t/a") == nil)
        for index in envelope.indices {
            var changed = envelope
            changed[index] ^= 0x01
            #expect(BrokerEnvelope.open(changed, keys: [key], topic: "t/a") == nil, "byte \(index)")
        }
        #expect(BrokerEnvelope.open(Array(envelope.dropLast()), keys: [key], topic: "t/a") == nil)
        #expect(BrokerEnvelope.open([], keys: [key], topic: "t/a") == nil)
        for first: UInt8 in [0x21, 0x34, 0x32, 0x39] {
            var other = envelope
            other[0] = first
            #expect(BrokerEnvelope.open(other, keys: [key], topic: "t/a") == nil, "first byte \(first)")
        }
        let next = try #require(
            BrokerEnvelope.seal(datagram[...], form: .datagram, key: key, sender: sender, counter: 8, topic: "t/a")
        )
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

    @Test("bytes per progress through the broker: topics and envelope, a keyed progress's PUBLISH within 64 bytes")
    func sizes() throws {
        let topics = BrokerTopics(group: "lakeside")
        let race = topics.race(PeerAddress(host: "239.255.71.1", port: 47474))
        #expect(race.utf8.count == 8 && race.hasPrefix("m/"), "\(race)")
        #expect(topics.inbox(of: "0123456789abcdef").utf8.count == 24)
        #expect(race != BrokerTopics(group: "riverside").race(PeerAddress(host: "239.255.71.1", port: 47474)))
        #expect(race != topics.race(PeerAddress(host: "239.255.71.2", port: 47474)))
        for topic in [topics.inbox(of: "0123456789abcdef"), topics.presence(of: "0123456789abcdef")] {
            #expect(!topic.contains("+") && !topic.contains("#") && topic.split(separator: "/").count == 4, "\(topic)")
        }
        #expect(!race.contains("+") && !race.contains("#") && race.split(separator: "/").count == 2)
        // A keyed full progress (24 bytes and its 8-byte tag, docs/PROTOCOL.md) on the race's topic, QoS 0:
        // the fixed header (2), the topic's length (2), the topic, the envelope of the progress without
        // its magic, version and tag.
        let raceKey = try RaceKey.testing("size")
        let progress = SyncDatagramCodec.encode(Self.progress, key: raceKey)
        #expect(progress.count == 32)
        let (payload, form) = BrokerDatagram.compact(progress, raceKey: raceKey)
        let key = BrokerSealKey(raceKey: raceKey)
        let envelope = try #require(
            BrokerEnvelope.seal(payload, form: form, key: key, sender: sender, counter: 1, topic: race)
        )
        #expect(2 + 2 + race.utf8.count + envelope.count == 63)
    }

    @Test("a datagram in its envelope: magic and version off, the race key's tag off under its broker key only")
    func compaction() throws {
        let raceKey = try RaceKey.testing("compact")
        let spectatorKey = try RaceKey.testing("a spectator's")
        let message = Self.progress
        let open = SyncDatagramCodec.encode(message, key: nil)
        let keyed = SyncDatagramCodec.encode(message, key: raceKey)
        let spectators = SyncDatagramCodec.encode(message, key: spectatorKey)
        // Open race: the prefix only, with or without a race key at hand.
        for key in [nil, raceKey] {
            let (payload, form) = BrokerDatagram.compact(open, raceKey: key)
            #expect(form == .datagram && Array(payload) == Array(open.dropFirst(3)))
            #expect(BrokerDatagram.restore(Array(payload), form: form, raceKey: key) == open)
        }
        // Keyed, under the race's broker key: the tag off too, and the same bytes back.
        let (payload, form) = BrokerDatagram.compact(keyed, raceKey: raceKey)
        #expect(form == [.datagram, .raceTagOff] && payload.count == keyed.count - 3 - RaceKey.tagLength)
        #expect(BrokerDatagram.restore(Array(payload), form: form, raceKey: raceKey) == keyed)
        // Opened under any other key (the group's, which anyone knowing the group's name holds): no tag is made for it.
        #expect(BrokerDatagram.restore(Array(payload), form: form, raceKey: nil) == nil)
        // Not sealed under the race's broker key, or a tag of another key (the spectator key's): the tag stays.
        for (datagram, key) in [(keyed, nil), (spectators, raceKey)] {
            let (kept, form) = BrokerDatagram.compact(datagram, raceKey: key)
            #expect(form == .datagram && kept.count == datagram.count - 3)
            #expect(BrokerDatagram.restore(Array(kept), form: form, raceKey: key) == datagram)
        }
        // A payload that says its tag is off but whose header says it has none: refused.
        var untagged = Array(payload)
        untagged[0] &= ~BrokerDatagram.authenticatedBit
        #expect(BrokerDatagram.restore(untagged, form: form, raceKey: raceKey) == nil)
        // Not a datagram of this protocol (presence text): whole, of no form.
        let text = Array("v=2\nname=alice".utf8)
        #expect(BrokerDatagram.compact(text, raceKey: raceKey).form.isEmpty)
        #expect(BrokerDatagram.restore(text, form: [], raceKey: nil) == text)
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
