import SyncWire

/// A sync datagram as it crosses the broker, inside its envelope (docs/PROTOCOL.md, "Through a broker"):
/// without its first 3 bytes (the magic "MR" and version 2, which every datagram of this protocol has),
/// and, when sealed under the race's broker key, without its race-key tag: the envelope's own 16-byte
/// tag under a key only the race key's holders can derive already says what that tag said (a runner of
/// this race sent it, unchanged). The receiver puts both back, the tag computed with its race key, so the
/// sync core checks the very datagram a LAN would carry. A tag made with another key (the spectator
/// key's) stays on, and a tag is put back only for an envelope opened under the race's broker key: one
/// under the group key (known to anyone who knows the group's name) never stands for the race key.
enum BrokerDatagram {
    /// The first bytes of every datagram of protocol version 2.
    static let prefix: [UInt8] = [0x4D, 0x52, 2]
    /// The header's bit that says a tag ends the datagram.
    static let authenticatedBit: UInt8 = 0x08

    /// What goes in the envelope for `datagram`, and its form. With `raceKey` (the envelope is sealed
    /// under its broker key), a tag that is that key's own is taken off.
    static func compact(
        _ datagram: [UInt8], raceKey: RaceKey?
    ) -> (payload: ArraySlice<UInt8>, form: BrokerEnvelope.Form) {
        guard datagram.count >= DatagramHeader.length, datagram.starts(with: prefix) else { return (datagram[...], []) }
        let tagged = datagram[3] & authenticatedBit != 0 && datagram.count >= DatagramHeader.length + RaceKey.tagLength
        if tagged, let raceKey {
            let end = datagram.count - RaceKey.tagLength
            if raceKey.isValid(tag: datagram[end...], for: datagram[..<end]) {
                return (datagram[prefix.count..<end], [.datagram, .raceTagOff])
            }
        }
        return (datagram[prefix.count...], .datagram)
    }

    /// The datagram `payload` of `form` stands for; nil when it cannot be one: a tag to put back without
    /// the race key (`raceKey`: given only when the envelope opened under the race's broker key), or
    /// a datagram whose header does not say it is tagged. A payload of no form is returned as it is.
    static func restore(_ payload: [UInt8], form: BrokerEnvelope.Form, raceKey: RaceKey?) -> [UInt8]? {
        guard form.contains(.datagram) else { return form.isEmpty ? payload : nil }
        var datagram = prefix
        datagram.reserveCapacity(prefix.count + payload.count + RaceKey.tagLength)
        datagram.append(contentsOf: payload)
        guard form.contains(.raceTagOff) else { return datagram }
        guard let raceKey, datagram.count >= DatagramHeader.length, datagram[3] & authenticatedBit != 0 else {
            return nil
        }
        datagram.append(contentsOf: raceKey.tag(for: datagram[...]))
        return datagram
    }
}
