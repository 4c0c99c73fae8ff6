/// The transport under race sync and messaging, as the flows see it: where we listen, who we send
/// to, whether datagrams are authenticated, and closing it at the end of a run.
public protocol RacePeersRepository: Sendable {
    /// The UDP port we listen on (the one the system picked when asked for any).
    var localPort: Int { get }
    /// Whether every datagram carries a race key's tag (a closed race) or not (an open one).
    var isAuthenticated: Bool { get }
    /// Sends to `address` from now on (a `--peer`, or a mate discovery found).
    func addPeer(_ address: PeerAddress) throws
    /// Stops sending and receiving; the streams of the repositories over this transport finish.
    func close() async
    /// At the start of invited run `invitation`: authenticate every datagram from now on with the race
    /// key and race id its pairing exchange delivered. False (and nothing changes) when there are none.
    func enterRace(invitation: UInt32) -> Bool
    /// A spectator (`watch`) of an invited race: true when no runner admitted it and one said it is not
    /// paired with this device (pairing, both ways, is what admits a spectator).
    var spectatorNotPaired: Bool { get }
    /// A restarted runner (the same runner id) of an invited race: rejoins it with what was kept of it,
    /// and returns its terms; nil when nothing is kept (the run goes through its lobby).
    func resumeRace(as runner: RunnerID) -> RaceTerms?
    /// The run is over: what was kept to rejoin its invited race is forgotten.
    func leaveRace(as runner: RunnerID)
    /// The race's public id, the same on every runner of the race: from the race key in a keyed race
    /// (invited or by passphrase; it tells nothing of the key), the race-clock host's runner id (the lowest
    /// of the race's runners heard) in an open one; nil before a mate was heard there.
    var publicRaceID: String? { get }
    /// The public id invited run `invitation` will have once entered (`enterRace`), known as soon as its
    /// start is agreed, so that discovery can say the runner is busy from the countdown on: the race
    /// key's id when the runners were given one, else the one its pairing exchange delivered; nil
    /// when there is neither.
    func publicRaceID(invitation: UInt32) -> String?
    /// What the transport did, for the log at the end of a run (after it closed): what was sent,
    /// received and dropped, and the race clock, as `info` lines; authentication problems (a wrong race
    /// key, say) as `warnings`. `me`: this runner, to say whether it is the race-clock host.
    func summary(me: RunnerID) -> (info: [String], warnings: [String])
    /// The datagrams refused so far as signs of forgery, by the runner they claimed and the address they
    /// came from (counted since the transport started): what the running screen says during the race.
    var refusedDatagrams: [RefusedDatagrams] { get }
}

extension RacePeersRepository {
    /// A transport without pairing has no race key to switch to.
    public func enterRace(invitation: UInt32) -> Bool { false }
    /// A transport without pairing admits every spectator that holds its key.
    public var spectatorNotPaired: Bool { false }
    /// A transport without pairing keeps no invited race.
    public func resumeRace(as runner: RunnerID) -> RaceTerms? { nil }
    /// Nothing kept, nothing to forget.
    public func leaveRace(as runner: RunnerID) {}
    /// A transport that knows no race id.
    public var publicRaceID: String? { nil }
    /// A transport without pairing: its race id is the one it has.
    public func publicRaceID(invitation: UInt32) -> String? { publicRaceID }
    /// A transport that refuses nothing as a forgery.
    public var refusedDatagrams: [RefusedDatagrams] { [] }
}
