@testable import Data
import Domain
import MateRunnerTesting
import Testing

/// A runner on a broker and a LAN at once (`--broker-lan`): each group datagram that comes both ways
/// reaches the sync once, as from the mate's broker address.
@Suite("LAN shortcut: one copy of each datagram")
struct LANShortcutMergeTests {
    let lanAddress = PeerAddress(host: "10.250.1.1", port: 40000)
    let brokerAddress = PeerAddress(host: "broker-0123456789abcdef", port: 1)

    @Test("a LAN copy waits for the broker's, which links the addresses; then the LAN's goes first, the other dropped")
    func linking() {
        var merge = LANShortcutMerge()
        #expect(merge.fromLAN(1, source: lanAddress) == .drop)
        #expect(merge.fromBroker(1, sender: brokerAddress) == .deliver(from: brokerAddress))
        #expect(merge.links == [lanAddress: brokerAddress])
        #expect(merge.fromLAN(2, source: lanAddress) == .deliver(from: brokerAddress))
        #expect(merge.fromBroker(2, sender: brokerAddress) == .drop)
        #expect(merge.fromBroker(3, sender: brokerAddress) == .deliver(from: brokerAddress))
        #expect(merge.fromLAN(3, source: lanAddress) == .drop)
        #expect(merge.duplicates == 3 && merge.deliveredFirstFromLAN == 1)
    }

    @Test("a copy repeated on one way (a duplicate, a replay) is dropped; a mate on the broker alone is delivered")
    func repeats() {
        var merge = LANShortcutMerge()
        #expect(merge.fromBroker(7, sender: brokerAddress) == .deliver(from: brokerAddress))
        #expect(merge.fromBroker(7, sender: brokerAddress) == .drop)
        #expect(merge.fromLAN(8, source: lanAddress) == .drop)
        #expect(merge.fromLAN(8, source: lanAddress) == .drop)
        #expect(merge.fromBroker(8, sender: brokerAddress) == .deliver(from: brokerAddress))
        #expect(merge.fromLAN(9, source: lanAddress) == .deliver(from: brokerAddress))
        #expect(merge.fromLAN(9, source: lanAddress) == .drop)
        let carol = PeerAddress(host: "broker-fedcba9876543210", port: 1)
        #expect(merge.fromBroker(10, sender: carol) == .deliver(from: carol))
        #expect(merge.links == [lanAddress: brokerAddress])
    }

    @Test("any order, loss and duplicates on the LAN: what the broker carries is delivered once, from its sender")
    func everyOrder() {
        var generator = SeededGenerator(seed: 44)
        let mates = (0..<3).map { index in
            (lan: PeerAddress(host: "10.250.1.\(index + 1)", port: 40000),
             broker: PeerAddress(host: "broker-00000000000000a\(index)", port: 1))
        }
        for _ in 0..<50 {
            var merge = LANShortcutMerge()
            var arrivals: [(digest: Int, mate: Int, viaLAN: Bool)] = []
            for digest in 1...60 {
                let mate = Int.random(in: 0..<mates.count, using: &generator)
                arrivals.append((digest, mate, false))
                for _ in 0..<Int.random(in: 0...2, using: &generator) { arrivals.append((digest, mate, true)) }
            }
            arrivals.shuffle(using: &generator)
            var delivered: [Int: [PeerAddress]] = [:]
            for arrival in arrivals {
                let mate = mates[arrival.mate]
                let verdict = arrival.viaLAN
                    ? merge.fromLAN(arrival.digest, source: mate.lan)
                    : merge.fromBroker(arrival.digest, sender: mate.broker)
                if case .deliver(let from) = verdict { delivered[arrival.digest, default: []].append(from) }
            }
            for digest in 1...60 {
                let sender = mates[arrivals.first { $0.digest == digest }!.mate].broker
                #expect(delivered[digest] == [sender], "datagram \(digest): \(delivered[digest] ?? [])")
            }
        }
    }

    @Test("bounded: a flood of LAN datagrams never answered by the broker forgets the oldest, and links stay few")
    func bounded() {
        var memory = BoundedMemory<Int>(capacity: 4)
        for key in 1...10 { memory.insert(key, key * 10) }
        #expect((1...6).allSatisfy { memory.value(of: $0) == nil })
        #expect((7...10).allSatisfy { memory.value(of: $0) == $0 * 10 })
        var merge = LANShortcutMerge()
        for index in 0..<(LANShortcutMerge.linkLimit + 10) {
            let source = PeerAddress(host: "10.250.\(index / 250).\(index % 250)", port: 1)
            _ = merge.fromLAN(index, source: source)
            _ = merge.fromBroker(index, sender: brokerAddress)
        }
        #expect(merge.links.count == LANShortcutMerge.linkLimit)
    }

    @Test("the digest depends on every byte")
    func digest() {
        let bytes: [UInt8] = [0x4D, 0x52, 2, 0x10, 1, 2, 3, 4]
        #expect(LANShortcutTransport.digest(bytes) == LANShortcutTransport.digest(bytes))
        for index in bytes.indices {
            var changed = bytes
            changed[index] ^= 1
            #expect(LANShortcutTransport.digest(changed) != LANShortcutTransport.digest(bytes))
        }
        #expect(LANShortcutTransport.digest(bytes + [0]) != LANShortcutTransport.digest(bytes))
    }
}
