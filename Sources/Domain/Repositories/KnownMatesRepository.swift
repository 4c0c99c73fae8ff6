/// The mates this device has paired with (`KnownMate`), kept between runs.
public protocol KnownMatesRepository: Sendable {
    /// Every known mate, in the order they were paired.
    func all() throws -> [KnownMate]
    /// Remembers `mate`; an entry with the same identity is replaced (a new name or date).
    func remember(_ mate: KnownMate) throws
    /// Forgets every mate called `name` (case not mattering); returns how many were forgotten.
    func forget(name: String) throws -> Int
}

extension KnownMatesRepository {
    /// The known mate with this identity's keys, if any.
    public func mate(with identity: MateIdentity) throws -> KnownMate? {
        try all().first { $0.identity.isSameDevice(as: identity) }
    }
}
