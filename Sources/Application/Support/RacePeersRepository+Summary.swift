import Domain
import Logging

extension RacePeersRepository {
    /// Logs what this transport did during `me`'s run or watch (`summary(me:)`): its `info` lines at
    /// info level, then its `warnings` at warning level, each as it is.
    func logSummary(me: RunnerID, to logger: Logger) {
        let (info, warnings) = summary(me: me)
        for line in info { logger.info("\(line)") }
        for line in warnings { logger.warning("\(line)") }
    }
}
