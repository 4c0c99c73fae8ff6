import Domain
import Synchronization

/// One runner's whole transport in memory, for flow tests: progress over an `InMemoryRaceNetwork`,
/// lobby messages and cheers over an `InMemoryMessageNetwork`, and the peer links a flow adds and
/// closes, remembered for the test to check, as are the progress updates and messages it sent (its
/// end-of-run `summary`).
public final class InMemoryRaceTransport: RaceSyncRepository, RaceMessagingRepository, RacePeersRepository {
    private struct Links {
        var peers: [PeerAddress] = []
        var closed = false
        var published = 0
        var sent = 0
    }

    private let sync: InMemoryRaceNetwork.Endpoint
    private let messaging: InMemoryMessageNetwork.Endpoint
    private let links = Mutex(Links())
    public let localPort: Int
    public let isAuthenticated: Bool
    /// What `summary` says went wrong with authentication (none unless a test says so).
    public let authenticationWarnings: [String]

    /// Runner `id`'s transport on both networks, "listening" on `localPort`. A `restarted` one is a
    /// runner's after its process restarted: its mates send back the last update of it they heard.
    /// `authenticationWarnings`: the warnings of its summary.
    public init(
        id: RunnerID, races: InMemoryRaceNetwork, messages: InMemoryMessageNetwork, localPort: Int = 47474,
        isAuthenticated: Bool = true, restarted: Bool = false, authenticationWarnings: [String] = []
    ) {
        sync = restarted ? races.restartedEndpoint(for: id) : races.endpoint(for: id)
        messaging = messages.endpoint(for: id)
        self.localPort = localPort
        self.isAuthenticated = isAuthenticated
        self.authenticationWarnings = authenticationWarnings
    }

    /// The peers added so far, in order.
    public var peers: [PeerAddress] { links.withLock { $0.peers } }
    /// Whether the flow closed the transport.
    public var isClosed: Bool { links.withLock { $0.closed } }

    public func publish(_ progress: RunnerProgress) async {
        guard !isClosed else { return }
        links.withLock { $0.published += 1 }
        await sync.publish(progress)
    }

    public func updates() -> AsyncStream<RunnerProgress> {
        sync.updates()
    }

    public func announce(_ ghost: Ghost) async {
        guard !isClosed else { return }
        await sync.announce(ghost)
    }

    public func ghosts() -> AsyncStream<Ghost> {
        sync.ghosts()
    }

    public func send(_ message: RaceMessage, from me: Runner, to recipients: [RunnerID]?) async {
        guard !isClosed else { return }
        links.withLock { $0.sent += 1 }
        await messaging.send(message, from: me, to: recipients)
    }

    public func messages() -> AsyncStream<ReceivedRaceMessage> {
        messaging.messages()
    }

    public func addPeer(_ address: PeerAddress) throws {
        links.withLock { $0.peers.append(address) }
    }

    public func close() async {
        links.withLock { $0.closed = true }
    }

    /// The line `summary` starts with, for tests to find it in a log.
    public static let summaryPrefix = "in-memory transport:"

    public func summary(me: RunnerID) -> (info: [String], warnings: [String]) {
        let links = self.links.withLock { $0 }
        let state = links.closed ? "closed" : "open"
        return (
            ["\(Self.summaryPrefix) \(links.published) progress updates and \(links.sent) messages sent to \(links.peers.count) peers, \(state)"],
            authenticationWarnings
        )
    }
}
