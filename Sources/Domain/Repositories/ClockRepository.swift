/// Where the world clock reads the time: the race clock the peers agreed on (or this machine's
/// clock when running alone), as a raw reading. Data implements it; the Domain service parses it.
public protocol ClockRepository: Sendable {
    /// Reads the clock now. Throws when the clock cannot be read.
    func fetchNow() async throws -> ClockReading
}
