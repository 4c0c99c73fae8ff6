import CDNSSD
import Foundation

/// Registers our runner as a `_materunner._udp` service and browses for the others, through the
/// system's DNS-SD library (Avahi's compat libdns_sd on Linux). Flags are always 0: Avahi rejects
/// every other flag.
public final class DNSSDDiscoveryRepository: Sendable {
    public static let serviceType = "_materunner._udp"
    /// How long a daemon call may take before we report it as not answering.
    static let callTimeout: TimeInterval = 5
    /// How long resolving one found service to an address may take.
    static let resolveTimeout: TimeInterval = 5

    private let loop: DNSSDServiceLoop

    public init() {
        // Avahi prints a banner about its Bonjour compatibility layer on first use unless told not to.
        setenv("AVAHI_COMPAT_NOWARN", "1", 0)
        loop = DNSSDServiceLoop()
    }

    /// Advertises our service; returns the name the daemon confirmed, or throws at once when the
    /// daemon cannot be reached.
    @discardableResult
    public func register(name: String, port: Int, txt: [String: String]) throws(DiscoveryError) -> String {
        let record = TXTRecord.encode(txt)
        let loop = self.loop
        let outcome: Result<String, DiscoveryError>? = loop.sync(timeout: Self.callTimeout) {
            let operation = RegisterOperation()
            let context = Unmanaged.passUnretained(operation).toOpaque()
            var ref: DNSServiceRef?
            let status = record.withUnsafeBytes { bytes in
                DNSServiceRegister(
                    &ref, 0, 0, name, Self.serviceType, nil, nil, UInt16(port).bigEndian,
                    UInt16(bytes.count), bytes.baseAddress, registerReply, context
                )
            }
            guard status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil else {
                return .failure(Self.error(for: status, call: "register"))
            }
            operation.ref = ref
            loop.add(operation)
            return .success(name)
        }
        switch outcome {
        case .success(let registered): return registered
        case .failure(let error): throw error
        case nil: throw .timedOut(call: "register")
        }
    }

    /// Browses for mates until the stream's consumer stops or `stop()` is called. Found services are
    /// resolved to an IPv4 address and port first. Our own registration is found too: filter it by
    /// the `id` TXT key.
    public func browse() throws(DiscoveryError) -> AsyncStream<DiscoveryEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: DiscoveryEvent.self)
        let loop = self.loop
        let status: DNSServiceErrorType? = loop.sync(timeout: Self.callTimeout) {
            let operation = BrowseOperation(loop: loop, continuation: continuation)
            let context = Unmanaged.passUnretained(operation).toOpaque()
            var ref: DNSServiceRef?
            let status = DNSServiceBrowse(&ref, 0, 0, Self.serviceType, nil, browseReply, context)
            if status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil {
                operation.ref = ref
                loop.add(operation)
            }
            return status
        }
        guard let status else { throw .timedOut(call: "browse") }
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError) else {
            continuation.finish()
            throw Self.error(for: status, call: "browse")
        }
        return stream
    }

    /// Withdraws our service and stops browsing.
    public func stop() {
        loop.stop()
    }

    private static func error(for status: DNSServiceErrorType, call: String) -> DiscoveryError {
        status == DNSServiceErrorType(kDNSServiceErr_Unknown)
            ? .daemonUnavailable(code: status)
            : .callFailed(call: call, code: status)
    }
}
