import Domain
import Synchronization

/// Fixes collected by a consuming task, read by the test.
final class Received: Sendable {
    private let box = Mutex<[Fix]>([])

    func append(_ fix: Fix) { box.withLock { $0.append(fix) } }
    var count: Int { box.withLock { $0.count } }
    var fixes: [Fix] { box.withLock { $0 } }
}
