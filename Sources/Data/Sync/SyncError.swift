import Domain
import SyncWire

/// Why the sync repository could not start.
public enum SyncError: Error, Equatable, CustomStringConvertible {
    /// The UDP port is taken (another materunner on this machine?).
    case portInUse(Int)
    /// The socket could not be bound on `host`:`port`, for `reason`.
    case cannotBind(host: String, port: Int, reason: String)
    /// A peer's host name did not resolve, for `reason`.
    case cannotResolvePeer(PeerAddress, reason: String)
    /// The race's multicast group could not be joined on `device`, for `reason` (the race goes on unicast).
    case cannotJoinGroup(PeerAddress, device: String, reason: String)

    /// What happened and what to do.
    public var description: String {
        switch self {
        case .portInUse(let port):
            "UDP port \(port) is already in use (another materunner?): pass --port with a free port"
        case let .cannotBind(host, port, reason):
            "cannot listen on UDP \(host):\(port): \(reason)"
        case let .cannotResolvePeer(peer, reason):
            "cannot find peer \(peer): \(reason); check the host name, or give its IP address"
        case let .cannotJoinGroup(group, device, reason):
            "cannot join the race's multicast group \(group.host) on \(device): \(reason); the race goes on unicast to each mate (pass --no-multicast to stop trying)"
        }
    }
}

extension SyncError: ClassifiedFault {
    public var fault: Fault {
        switch self {
        case .portInUse, .cannotBind: .unavailable
        case .cannotResolvePeer: .usage
        case .cannotJoinGroup: .unavailable
        }
    }
}
