/// Finding mates on the local network and being found by them (DNS-SD in Data), without a server.
public protocol MateDiscoveryRepository: Sendable {
    /// Advertises `me` as free to be invited, its race sync reachable on UDP `port`; returns the
    /// instance name registered. Throws, saying what to do, when the network's daemon cannot be reached.
    /// `terms`, when given, are advertised too (`peers` shows them): nil for a runner waiting for an invitation.
    @discardableResult
    func advertise(_ me: Runner, port: Int, terms: RaceTerms?) throws -> String
    /// Changes what we advertise: `running` (with the race's id) once our run starts.
    func announce(_ state: MateState, raceID: String?) throws
    /// Every runner as it appears, changes and leaves (our own advertisement included: filter it by id).
    func mates() throws -> AsyncStream<MateEvent>
    /// Withdraws our advertisement and stops browsing.
    func stop()
}

extension MateDiscoveryRepository {
    /// Advertises `me` with no terms of its own.
    @discardableResult
    public func advertise(_ me: Runner, port: Int) throws -> String {
        try advertise(me, port: port, terms: nil)
    }
}
