import Crypto

/// What crosses the broker around each payload (docs/PROTOCOL.md, "Through a broker"): a version and
/// form byte, the sealing key's id (1 byte), the sender's broker id (8), a counter (4, big-endian), then
/// the payload sealed with ChaChaPoly and its 16-byte tag. The nonce is the sender's id and the counter,
/// so it never repeats under one key: the id is drawn at random by each process, and the counter counts
/// each envelope it seals and stops the sender at 2³² − 1. The header and the MQTT topic are
/// authenticated with the payload: the broker cannot move an envelope to another topic, change its
/// sender or its form.
enum BrokerEnvelope {
    /// Version 3 (the high 4 bits of the first byte): the form in the low 4 bits, the race's topic
    /// `m/<R>`. Version 2 carried every datagram whole, with its magic, version and race-key tag.
    static let version: UInt8 = 3
    static let headerLength = 14
    static let tagLength = 16
    /// Bytes an envelope adds to its payload.
    static let overhead = headerLength + tagLength

    /// How the payload stands for what was sealed (the low bits of the first byte; the others are 0).
    struct Form: OptionSet, Sendable, Hashable {
        let rawValue: UInt8
        /// A sync datagram without its first 3 bytes (the magic "MR" and version 2): they are put back.
        static let datagram = Form(rawValue: 1)
        /// ...and without its race-key tag (8 bytes), which the race's broker key stood for: put back
        /// only when the envelope opened under that key (`BrokerDatagram.restore`).
        static let raceTagOff = Form(rawValue: 2)
        static let all: Form = [.datagram, .raceTagOff]
    }

    /// `payload` sealed under `key` by `sender` (8 bytes) as its `counter`th envelope, for `topic`.
    static func seal(_ payload: ArraySlice<UInt8>, form: Form = [], key: BrokerSealKey, sender: [UInt8], counter: UInt32, topic: String) -> [UInt8]? {
        guard sender.count == 8, key.id.count == 1 else { return nil }
        var header = [UInt8](repeating: 0, count: headerLength)
        header[0] = version << 4 | form.rawValue
        header[1] = key.id[0]
        header.replaceSubrange(2..<10, with: sender)
        withUnsafeBytes(of: counter.bigEndian) { header.replaceSubrange(10..<14, with: $0) }
        guard let nonce = try? ChaChaPoly.Nonce(data: header[2..<headerLength]),
              let box = try? ChaChaPoly.seal(payload, using: key.symmetric, nonce: nonce, authenticating: header + Array(topic.utf8))
        else { return nil }
        var envelope = header
        envelope.reserveCapacity(overhead + payload.count)
        box.ciphertext.withUnsafeBytes { envelope.append(contentsOf: $0) }
        box.tag.withUnsafeBytes { envelope.append(contentsOf: $0) }
        return envelope
    }

    /// The payload in `envelope`, its form and its sender's id, opened with one of `keys` its key id
    /// names (one byte: two keys may share it, each is tried); nil when none opens it: changed, cut,
    /// sealed for another topic, under a key not held, or of another version or an unknown form.
    static func open(_ envelope: [UInt8], keys: [BrokerSealKey], topic: String) -> Opened? {
        guard envelope.count >= overhead, envelope[0] >> 4 == version else { return nil }
        let form = Form(rawValue: envelope[0] & 0x0F)
        guard Form.all.isSuperset(of: form), form != .raceTagOff else { return nil }
        guard let nonce = try? ChaChaPoly.Nonce(data: envelope[2..<headerLength]),
              let box = try? ChaChaPoly.SealedBox(
                  nonce: nonce, ciphertext: envelope[headerLength..<(envelope.count - tagLength)], tag: envelope[(envelope.count - tagLength)...]
              )
        else { return nil }
        var authenticated = Array(envelope[0..<headerLength])
        authenticated.append(contentsOf: topic.utf8)
        for key in keys where key.id.first == envelope[1] {
            if let opened = try? ChaChaPoly.open(box, using: key.symmetric, authenticating: authenticated) {
                return Opened(payload: Array(opened), form: form, sender: Array(envelope[2..<10]), key: key)
            }
        }
        return nil
    }

    /// An envelope opened.
    struct Opened {
        var payload: [UInt8]
        var form: Form
        var sender: [UInt8]
        var key: BrokerSealKey
    }
}
