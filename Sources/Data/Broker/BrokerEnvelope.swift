import Crypto

/// What crosses the broker around each datagram (docs/PROTOCOL.md, "Through a broker"): a version byte,
/// the sealing key's id (1 byte), the sender's broker id (8), a counter (4, big-endian), then the
/// datagram sealed with ChaChaPoly and its 16-byte tag. The nonce is the sender's id and the counter, so
/// it never repeats under one key: the id is drawn at random by each process, and the counter counts each
/// envelope it seals and stops the sender at 2³² − 1. The header and the MQTT topic are authenticated
/// with the datagram: the broker cannot move an envelope to another topic or change its sender.
enum BrokerEnvelope {
    static let version: UInt8 = 2
    static let headerLength = 14
    static let tagLength = 16
    /// Bytes an envelope adds to a datagram.
    static let overhead = headerLength + tagLength

    /// `datagram` sealed under `key` by `sender` (8 bytes) as its `counter`th envelope, for `topic`.
    static func seal(_ datagram: [UInt8], key: BrokerSealKey, sender: [UInt8], counter: UInt32, topic: String) -> [UInt8]? {
        guard sender.count == 8 else { return nil }
        var header: [UInt8] = [version]
        header += key.id
        header += sender
        header += withUnsafeBytes(of: counter.bigEndian) { Array($0) }
        guard let nonce = try? ChaChaPoly.Nonce(data: Array(header[2..<headerLength])),
              let box = try? ChaChaPoly.seal(datagram, using: SymmetricKey(data: key.bytes), nonce: nonce, authenticating: header + Array(topic.utf8))
        else { return nil }
        return header + Array(box.ciphertext) + Array(box.tag)
    }

    /// The datagram in `envelope` and its sender's id, opened with one of `keys` its key id names (one
    /// byte: two keys may share it, each is tried); nil when none opens it: changed, cut, sealed for
    /// another topic or under a key not held.
    static func open(_ envelope: [UInt8], keys: [BrokerSealKey], topic: String) -> (datagram: [UInt8], sender: [UInt8], key: BrokerSealKey)? {
        guard envelope.count >= overhead, envelope[0] == version else { return nil }
        let header = Array(envelope[0..<headerLength])
        guard let nonce = try? ChaChaPoly.Nonce(data: Array(header[2..<headerLength])),
              let box = try? ChaChaPoly.SealedBox(
                  nonce: nonce, ciphertext: envelope[headerLength..<(envelope.count - tagLength)], tag: envelope[(envelope.count - tagLength)...]
              )
        else { return nil }
        let authenticated = header + Array(topic.utf8)
        for key in keys where key.id == [header[1]] {
            if let opened = try? ChaChaPoly.open(box, using: SymmetricKey(data: key.bytes), authenticating: authenticated) {
                return (Array(opened), Array(header[2..<10]), key)
            }
        }
        return nil
    }
}
