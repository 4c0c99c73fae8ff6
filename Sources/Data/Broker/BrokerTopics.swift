import Crypto
import Domain
import Foundation
import SyncWire

/// The MQTT topics of one group (docs/PROTOCOL.md, "Through a broker"), under `m/<group>/`, where `<group>` is a
/// hash of the group's name: nothing in a topic names a runner or a race. `t/<id>` is a peer's own (a datagram to
/// one address), `p/<id>` a peer's retained presence; a race's group (its multicast group's stand-in) is
/// `m/<hash>`, a hash of the group's root and the race's group. An id is 8 bytes the process draws at random (16
/// hex digits in its address, 11 base64url characters in a topic). Every byte of a topic goes with every message:
/// the segments are short, the hashes as long as their job needs (docs/BENCHMARKS.md).
struct BrokerTopics: Sendable, Equatable {
    /// `m/` and 6 bytes of SHA-256 of the group's name, base64url (8 characters).
    let root: String

    init(group: String) {
        root = "m/" + Self.base64url(Self.hash("MateRunner broker topic v2 \(group)", bytes: 6))
    }

    func inbox(of peer: String) -> String { "\(root)/t/\(Self.short(peer))" }
    func presence(of peer: String) -> String { "\(root)/p/\(Self.short(peer))" }
    var everyPresence: String { "\(root)/p/+" }

    /// Whether `topic` is a presence topic of this group.
    func isPresence(_ topic: String) -> Bool { topic.hasPrefix("\(root)/p/") }

    /// The topic standing for the race's multicast group `group`: `m/` and 4 bytes of SHA-256 of the
    /// group's root and the address, base64url (6 characters). It is a level of its own, not under the
    /// root: every progress carries its topic, and this one is 8 bytes instead of 19 (docs/BENCHMARKS.md).
    /// Two races (of one group or of two) whose hashes meet only share a topic: each opens its own
    /// envelopes.
    func race(_ group: PeerAddress) -> String {
        "m/" + Self.base64url(Self.hash("\(root) \(group.host):\(group.port)", bytes: 4))
    }

    /// The peer id (16 hex digits) at the end of `topic` under `kind` (`t`, `p`), if it is one of ours.
    func id(in topic: String, kind: String) -> String? {
        let prefix = "\(root)/\(kind)/"
        guard topic.hasPrefix(prefix), let bytes = Self.bytes(base64url: String(topic.dropFirst(prefix.count))) else {
            return nil
        }
        guard bytes.count == 8 else { return nil }
        return Hex.lowercase(bytes)
    }

    /// A peer id (16 hex digits) as its topic segment (11 base64url characters).
    static func short(_ peer: String) -> String { base64url(BrokerPeer.bytes(of: peer)) }

    /// The first `bytes` bytes of SHA-256 of `text`.
    static func hash(_ text: String, bytes: Int) -> [UInt8] {
        Array(SHA256.hash(data: Array(text.utf8)).prefix(bytes))
    }

    /// 8 random bytes in hex: a connection's own id (a client id, a session's presence topic).
    static func randomID() -> String {
        var generator = SystemRandomNumberGenerator()
        return Hex.lowercase((0..<8).map { _ in UInt8.random(in: 0...255, using: &generator) })
    }

    /// `bytes` in base64url without padding (RFC 4648, section 5): no `+`, `/` or `#` in a topic.
    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacing("+", with: "-").replacing("/", with: "_").replacing("=", with: "")
    }

    /// The bytes of base64url `text` without padding; nil when it is not that, in its one canonical form.
    static func bytes(base64url text: String) -> [UInt8]? {
        guard !text.utf8.contains(where: { "+/=".utf8.contains($0) }) else { return nil }
        let standard = text.replacing("-", with: "+").replacing("_", with: "/")
        let padded = standard + String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
        guard let bytes = Data(base64Encoded: padded).map({ Array($0) }), base64url(bytes) == text else { return nil }
        return bytes
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
