import Domain

/// Encodes and decodes protocol-version-2 datagrams (docs/PROTOCOL.md). Decoding checks length,
/// magic, version, type, flags and every field's range before it returns anything.
public enum SyncDatagramCodec {
    /// The shortest datagram of any type.
    public static let minimumLength = MessageType.allCases.map(\.lengths.lowerBound).min() ?? DatagramHeader.length
    /// The longest datagram of any type, with its authentication tag.
    public static let maximumLength =
        (MessageType.allCases.map(\.lengths.upperBound).max() ?? DatagramHeader.length) + RaceKey.tagLength

    static let finalResultFlag: UInt8 = 0x04
    static let phaseMask: UInt8 = 0x03

    /// Encodes one datagram, with the tag of `key` at its end when there is one (never on a watch
    /// request, grant or refusal: `PairingDTO.untaggedSubtypes`). A hello's name is cut to 32 bytes of
    /// whole characters.
    public static func encode(_ datagram: SyncDatagram, key: RaceKey? = nil) -> [UInt8] {
        var key = key
        if case .pairing(let pairing) = datagram.message, PairingDTO.untaggedSubtypes.contains(pairing.subtype) { key = nil }
        var writer = WireWriter(capacity: maximumLength)
        let flags: UInt8
        if case .progress(let report) = datagram.message {
            flags = report.phase.rawValue & phaseMask | (report.hasFinalResult ? finalResultFlag : 0)
        } else if case .progressDelta(let delta) = datagram.message {
            flags = deltaFlags(delta)
        } else if case .finishedProgress(let report) = datagram.message {
            flags = report.hasFinalResult ? finalResultFlag : 0
        } else if case .hello(_, let terms, let offCourse) = datagram.message {
            flags = helloFlags(terms, offCourse: offCourse)
        } else {
            flags = lobbyFlags(datagram.message)
        }
        DatagramHeader(
            type: datagram.message.type, flags: flags, authenticated: key != nil,
            sender: datagram.sender, sequence: datagram.sequence
        ).write(to: &writer)
        switch datagram.message {
        case .boot, .relayedState: writeCatchUp(datagram.message, to: &writer)
        case .progressDelta, .acknowledgement, .finishedProgress: writeDelta(datagram.message, to: &writer)
        case .progress(let report):
            writer.write(report.elapsedMilliseconds)
            writer.write(report.distanceCentimetres)
            if let finish = report.finishMilliseconds { writer.write(finish) }
        case .hello(let name, let terms, _):
            writer.write(terms.mode.rawValue)
            writer.write(terms.goal.centimetres)
            if let course = terms.course { writeCourse(course, to: &writer) }
            if terms.speedup != 1 { writer.write(speedupThousandths(terms.speedup)) }
            writeName(name, to: &writer)
        case .cheer(let recipient, let emoji, let sentAt):
            writer.write(recipient?.rawValue ?? 0)
            writer.write(emoji.rawValue)
            writer.write(sentAt)
        case .clockPing(let t1):
            writer.write(t1)
        case .clockPong(let requester, let t1, let t2, let t3):
            writer.write(requester.rawValue)
            writer.write(t1)
            writer.write(t2)
            writer.write(t3)
        case .extended(let message):
            writeExtended(message, to: &writer)
        case .presence, .invitation, .answer, .outcome:
            _ = writeLobbyBody(datagram.message, to: &writer)
        case .pairing(let pairing):
            writePairing(pairing, to: &writer)
        }
        if let key { writer.write(contentsOf: key.tag(for: writer.bytes[...])) }
        return writer.bytes
    }

    /// A name field (hello, presence, invitation): its length in one byte, then the name as sent.
    static func writeName(_ name: String, to writer: inout WireWriter) {
        let bytes = Array(wireName(name).utf8)
        writer.write(UInt8(bytes.count))
        writer.write(contentsOf: bytes)
    }

    /// The name as sent: cut to whole characters within 32 bytes and trimmed, so that `decode` accepts it.
    static func wireName(_ name: String) -> String {
        var cut = ""
        for character in name {
            guard cut.utf8.count + character.utf8.count <= Runner.maximumNameBytes else { break }
            cut.append(character)
        }
        return (try? Runner.validate(name: cut)) ?? "runner"
    }
}
