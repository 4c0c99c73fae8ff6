import Crypto
import Domain

/// The MQTT topics of one group (docs/PROTOCOL.md, "Through a broker"), all under
/// `materunner/<group>/`, where `<group>` is a hash of the group's name: nothing in a topic names a runner
/// or a race. `to/<id>` is a peer's own (a datagram to one address), `race/<hash>` a race's group (its
/// multicast group's stand-in), `presence/<id>` a peer's retained presence. An id is 16 hex digits the
/// process draws at random.
struct BrokerTopics: Sendable, Equatable {
    /// `materunner/<16 hex digits>`.
    let root: String

    init(group: String) {
        root = "materunner/" + Self.hex(Array(SHA256.hash(data: Array("MateRunner broker topic v1 \(group)".utf8)).prefix(8)))
    }

    func inbox(of peer: String) -> String { "\(root)/to/\(peer)" }
    func presence(of peer: String) -> String { "\(root)/presence/\(peer)" }
    var everyPresence: String { "\(root)/presence/+" }

    /// The topic standing for the race's multicast group `group` (hashed again with the group's root).
    func race(_ group: PeerAddress) -> String {
        "\(root)/race/" + Self.hex(Array(SHA256.hash(data: Array("\(root) \(group.host):\(group.port)".utf8)).prefix(8)))
    }

    /// The peer id at the end of `topic` under `kind` (`to`, `presence`, `race`), if it is one of ours.
    func id(in topic: String, kind: String) -> String? {
        let prefix = "\(root)/\(kind)/"
        guard topic.hasPrefix(prefix) else { return nil }
        let id = String(topic.dropFirst(prefix.count))
        return BrokerPeer.isID(id) ? id : nil
    }

    static func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}

/// A peer on the broker, as the sync addresses it: `broker-<id>` port 1 (no IP, no port: the id's topic).
enum BrokerPeer {
    static let hostPrefix = "broker-"
    static let port = 1

    static func address(of id: String) -> PeerAddress { PeerAddress(host: hostPrefix + id, port: port) }

    /// The id of a broker address; nil for any other address.
    static func id(of address: PeerAddress) -> String? {
        guard address.host.hasPrefix(hostPrefix) else { return nil }
        let id = String(address.host.dropFirst(hostPrefix.count))
        return isID(id) ? id : nil
    }

    static func isID(_ text: String) -> Bool {
        text.utf8.count == 16 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    static func bytes(of id: String) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = id.startIndex
        while index < id.endIndex {
            let next = id.index(index, offsetBy: 2)
            bytes.append(UInt8(id[index..<next], radix: 16) ?? 0)
            index = next
        }
        return bytes
    }
}
