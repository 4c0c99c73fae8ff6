import Domain

/// Why discovery could not work.
public enum DiscoveryError: Error, Equatable, CustomStringConvertible {
    /// The DNS-SD daemon (avahi-daemon on Linux, mDNSResponder on macOS) cannot be reached.
    case daemonUnavailable(code: Int32)
    /// The daemon refused a call.
    case callFailed(call: String, code: Int32)
    /// The daemon did not answer in time.
    case timedOut(call: String)

    public var description: String {
        switch self {
        case .daemonUnavailable(let code):
            "avahi-daemon is not running (DNS-SD error \(code)): start it (sudo systemctl start avahi-daemon)"
        case let .callFailed(call, code):
            "DNS-SD \(call) failed with error \(code): check that avahi-daemon is healthy (systemctl status avahi-daemon)"
        case .timedOut(let call):
            "DNS-SD \(call) got no answer from avahi-daemon in time: check that it is healthy (systemctl status avahi-daemon)"
        }
    }
}

extension DiscoveryError: ClassifiedFault {
    /// The daemon is a service the run needs: EX_UNAVAILABLE whichever way it fails.
    public var fault: Fault { .unavailable }
}
