import Domain
import SyncCore
import SyncWire

/// What the repository settled about the race's multicast group (docs/PROTOCOL.md, "Multicast").
struct GroupPlan: Sendable {
    /// A join or leave is under way (another publish does not start one).
    var busy = false
    /// The group wanted and the peers the interface was chosen for, when last settled.
    var settled: (group: PeerAddress, peers: [PeerAddress])?
    /// Why the last join failed, if it did.
    var problem: String?
    /// The group joined last and its interface (kept once the socket closed, for the summary).
    var joined: (group: PeerAddress, device: String)?
}

extension UDPRaceSyncRepository {
    /// Joins, moves or leaves the race's multicast group as the race's terms and key and the validated
    /// peers say: the group named by the race (`MulticastGroup`), on the route the transport names for
    /// them (UDP: the interface whose network holds a mate, `MulticastInterface`); none when there is none. Settled again only when
    /// the group or the peers change; a failed join leaves the race on unicast, and is told in the summary.
    func followGroup(terms: RaceTerms) async {
        let (wanted, peers) = store.withState { ($0.groupAddress(for: terms), $0.recipients) }
        let starting = groupPlan.withLock { plan -> Bool in
            if plan.busy { return false }
            if let settled = plan.settled, settled.group == wanted, settled.peers == peers { return false }
            plan.busy = true
            return true
        }
        guard starting else { return }
        var problem: String?
        let current = transport.joinedGroup
        if let route = transport.groupRoute(for: peers) {
            if current?.address != wanted || current?.route != route {
                store.withState { $0.multicast.group = nil }
                do {
                    try await transport.join(wanted, route: route) { [store] bytes, source in
                        store.receive(bytes, from: source, viaGroup: true)
                    }
                    let bothWays = transport.groupCarriesBothWays
                    store.withState { state in
                        state.multicast.group = wanted
                        state.multicast.heardMeansListening = bothWays
                    }
                    groupPlan.withLock { $0.joined = (wanted, route) }
                } catch {
                    problem = "\(error)"
                }
            }
        } else if current != nil {
            store.withState { $0.multicast.group = nil }
            await transport.leaveGroup()
            groupPlan.withLock { $0.joined = nil }
        }
        groupPlan.withLock { plan in
            plan.busy = false
            plan.settled = (wanted, peers)
            plan.problem = problem
        }
    }

    /// The race's multicast group as joined, with its interface's name; nil while on unicast only.
    public var multicastGroup: (group: PeerAddress, device: String)? {
        transport.joinedGroup.map { (group: $0.address, device: $0.route) }
    }

    /// The summary's line about multicast.
    var multicastSummary: String {
        guard multicastEnabled else { return "multicast: off (--no-multicast): every datagram went unicast" }
        let statistics = self.statistics
        let (problem, joined) = groupPlan.withLock { ($0.problem, $0.joined) }
        guard let joined else {
            if let problem { return "multicast: \(problem)" }
            return "multicast: no group joined (no mate on an IPv4 network of this machine): every datagram went unicast"
        }
        return "multicast: group \(joined.group.host):\(joined.group.port) on \(joined.device), sent \(statistics.groupSent) datagrams to it, received \(statistics.groupReceived) on it"
    }
}
