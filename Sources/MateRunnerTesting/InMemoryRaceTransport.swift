import Domain
import Synchronization

/// One runner's whole transport in memory, for flow tests: progress over an `InMemoryRaceNetwork`,
/// lobby messages and cheers over an `InMemoryMessageNetwork`, and the peer links a flow adds and
/// closes, remembered for the test to check.
public final class InMemoryRaceTransport: RaceSyncRepository, RaceMessagingRepository, RacePeersRepository {
    private struct Links {
        var peers: [PeerAddress] = []
        var closed = false
    }

    private let sync: InMemoryRaceNetwork.Endpoint
    private let messaging: InMemoryMessageNetwork.Endpoint
    private let links = Mutex(Links())
    public let localPort: Int
    public let isAuthenticated: Bool

    /// Runner `id`'s transport on both networks, "listening" on `localPort`. A `restarted` one is a
    /// runner's after its process restarted: its mates send back the last update of it they heard.
    public init(
        id: RunnerID, races: InMemoryRaceNetwork, messages: InMemoryMessageNetwork, localPort: Int = 47474,
        isAuthenticated: Bool = true, restarted: Bool = false
    ) {
        sync = restarted ? races.restartedEndpoint(for: id) : races.endpoint(for: id)
        messaging = messages.endpoint(for: id)
        self.localPort = localPort
        self.isAuthenticated = isAuthenticated
    }

    /// The peers added so far, in order.
    public var peers: [PeerAddress] { links.withLock { $0.peers } }
    /// Whether the flow closed the transport.
    public var isClosed: Bool { links.withLock { $0.closed } }

    public func publish(_ progress: RunnerProgress) async {
        guard !isClosed else { return }
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
}
