/// The last snapshot a session handed out, so that it hands out the same one only when it means to: a
/// quiet heartbeat or a repeated update made the same snapshot again, recorded, mapped and drawn for nothing.
struct NewSnapshots: Sendable {
    private var last: RaceSnapshot?

    /// `snapshot`, noted as handed out, unless it is the one handed out last.
    mutating func new(_ snapshot: RaceSnapshot) -> RaceSnapshot? {
        guard snapshot != last else { return nil }
        last = snapshot
        return snapshot
    }

    /// Notes `snapshot` as handed out, new or not.
    mutating func note(_ snapshot: RaceSnapshot) {
        last = snapshot
    }
}
