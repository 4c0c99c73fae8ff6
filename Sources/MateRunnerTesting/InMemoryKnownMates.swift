import Domain
import Synchronization

/// Known mates in memory (a `KnownMatesRepository` for tests): what `KnownMatesStore` keeps in a file.
public final class InMemoryKnownMates: KnownMatesRepository {
    private let mates: Mutex<[KnownMate]>

    /// Starts with `mates`.
    public init(_ mates: [KnownMate] = []) {
        self.mates = Mutex(mates)
    }

    /// Every known mate, in the order they were paired.
    public func all() throws -> [KnownMate] {
        mates.withLock { $0 }
    }

    /// Remembers `mate`, replacing an entry with the same identity.
    public func remember(_ mate: KnownMate) throws {
        mates.withLock { list in
            list.removeAll { $0.identity.isSameDevice(as: mate.identity) }
            list.append(mate)
        }
    }

    /// Forgets every mate called `name`; returns how many.
    public func forget(name: String) throws -> Int {
        mates.withLock { list in
            let before = list.count
            list.removeAll { $0.isNamed(name) }
            return before - list.count
        }
    }
}
