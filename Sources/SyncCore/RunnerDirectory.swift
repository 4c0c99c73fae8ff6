import Domain

/// What this peer holds about each runner id it accepted datagrams from (docs/PROTOCOL.md,
/// "Hardening"): the highest datagram number and when it grew, when it was last heard, and the address
/// its first hello from a validated address came from. Two rules live here:
///
/// - **Bounded jumps**: a number may be at most `allowedJump` ahead of the highest held: 64 at once, plus
///   512 per second since the highest grew. A sender's numbers grow by one per datagram it sends to
///   anyone (progress, hellos, boots, acknowledgements, pings, lobby messages): about 1.6 per publish
///   with one mate, 2.5 with four, and publishes come 3 times a second in real time (a fix a second and
///   a heartbeat every 0.5 s), 150 at `--speedup 50`: 512 per second covers every honest race we run,
///   with room for loss, and 64 covers a burst. One forged datagram can no longer push a runner's
///   number (or replay window) 564 ahead, let alone to 0xFFFFFFF0, and make its real datagrams stale.
/// - **Binding**: once bound, a datagram for that runner from another address is refused; only a newer
///   boot from the same host (a restarted process on a new port) moves the binding.
///
/// Full at `capacity`: the oldest silent unbound runner is evicted; a bound runner never is (else
/// 64 fresh ids from one address could evict bob and bind his id to an attacker), so a newcomer finding only
/// bound runners is refused (`directory-full`). One address introduces at most `runnersPerAddress` ids
/// (`runner-limit`), so one sender can neither fill the directory nor push anybody out of it; a bound id
/// moves to another address only by a restart's newer boot (signed in an invited race) from the same host.
struct RunnerDirectory: Sendable {
    /// Numbers a runner may jump ahead at once.
    static let baseJump: UInt64 = 64
    /// Numbers more per second since its highest number grew.
    static let jumpPerSecond: UInt64 = 512
    /// The highest first number accepted from a runner never heard of, and the highest number a
    /// restarted peer continues above: half the number space (24 days at 1 000 datagrams per second).
    static let numberLimit: UInt32 = UInt32.max / 2

    /// One runner's record.
    struct Record: Sendable, Equatable {
        var highest: UInt32
        var highestAt: UInt64
        var lastHeard: UInt64
        var address: PeerAddress?
        /// Where its latest hello came from while unbound: bound there once that address is validated.
        var helloAddress: PeerAddress?
        /// Where its first accepted datagram came from (counted against `runnersPerAddress`).
        var introducedBy: PeerAddress?
    }

    /// How many runner ids one address may introduce: a runner per socket, a few restarts without `--id`.
    static let runnersPerAddress = 8

    let capacity: Int
    private(set) var records: [RunnerID: Record] = [:]

    init(capacity: Int) {
        self.capacity = capacity
    }

    /// How far ahead of `record`'s highest a number may be at `now` (µs).
    static func allowedJump(_ record: Record, now: UInt64) -> UInt64 {
        let microseconds = min(now > record.highestAt ? now - record.highestAt : 0, 10_000_000_000_000)
        return baseJump + microseconds * jumpPerSecond / 1_000_000
    }

    /// Why `number` from `sender` at `source` is refused, or nil: it jumps too far, or comes from another
    /// address than the bound one (unless `rebinding` is allowed, for a restart's boot). Changes nothing.
    func refusal(_ sender: RunnerID, number: UInt32, from source: PeerAddress, rebinding: Bool, now: UInt64) -> PeerRefusal? {
        guard let record = records[sender] else { return number <= Self.numberLimit ? refusal(newcomerFrom: source) : .sequenceJump }
        if let bound = record.address, bound != source, !(rebinding && bound.host == source.host) { return .addressMismatch }
        if number > record.highest, UInt64(number - record.highest) > Self.allowedJump(record, now: now) { return .sequenceJump }
        return nil
    }

    /// Whether `sender` is bound to an address other than `source` on the same host (a restart on a new port).
    func isMoving(_ sender: RunnerID, to source: PeerAddress) -> Bool {
        guard let bound = records[sender]?.address else { return false }
        return bound != source && bound.host == source.host
    }

    /// Why a runner id not held yet is refused from `source`: that address introduced
    /// `runnersPerAddress` runners already (`runner-limit`), or every runner held is bound
    /// (`directory-full`): bound runners are never evicted for a newcomer.
    private func refusal(newcomerFrom source: PeerAddress) -> PeerRefusal? {
        var introduced = 0
        for record in records.values where record.introducedBy == source { introduced += 1 }
        if introduced >= Self.runnersPerAddress { return .runnerLimit }
        if records.count >= capacity, !records.values.contains(where: { $0.address == nil }) { return .directoryFull }
        return nil
    }

    /// Records an accepted datagram `number` from `sender` at `source` (admitted by `refusal` first);
    /// returns the runner evicted to make room, if any: an unbound one, never a bound one.
    mutating func accept(_ sender: RunnerID, number: UInt32, from source: PeerAddress, now: UInt64) -> RunnerID? {
        // A runner heard before (every datagram but its first): one lookup, the record changed in place.
        if let index = records.index(forKey: sender) {
            records.values[index].lastHeard = now
            if number > records.values[index].highest {
                records.values[index].highest = number
                records.values[index].highestAt = now
            }
            return nil
        }
        let evicted = records.count >= capacity ? victim() : nil
        if let evicted { records[evicted] = nil }
        // Full of bound runners (only if `refusal` was not asked): the newcomer is not recorded.
        guard records.count < capacity else { return nil }
        records[sender] = Record(highest: number, highestAt: now, lastHeard: now, introducedBy: source)
        return evicted
    }

    /// A hello from `sender` at `address`: bound there if it is not bound yet and `validated`, else
    /// remembered to bind once the address is validated. Returns whether it bound now.
    mutating func hello(_ sender: RunnerID, at address: PeerAddress, validated: Bool) -> Bool {
        guard var record = records[sender], record.address == nil else { return false }
        if validated { record.address = address } else { record.helloAddress = address }
        records[sender] = record
        return validated
    }

    /// `address` was validated: binds the unbound runners whose hello came from it; returns them.
    mutating func validated(_ address: PeerAddress) -> [RunnerID] {
        let waiting = records.filter { $0.value.address == nil && $0.value.helloAddress == address }.map(\.key)
        for runner in waiting { records[runner]?.address = address }
        return waiting
    }

    /// Moves `sender`'s binding to `address` (a restart's newer boot from the same host).
    mutating func rebind(_ sender: RunnerID, to address: PeerAddress) {
        if records[sender] != nil { records[sender]?.address = address }
    }

    /// The address `sender` is bound to, if any.
    func boundAddress(of sender: RunnerID) -> PeerAddress? {
        records[sender]?.address
    }

    /// The runner to evict: an unbound one, the longest silent first; never a bound one.
    private func victim() -> RunnerID? {
        records.filter { $0.value.address == nil }.min { left, right in
            left.value.lastHeard != right.value.lastHeard ? left.value.lastHeard < right.value.lastHeard : left.key < right.key
        }?.key
    }
}
