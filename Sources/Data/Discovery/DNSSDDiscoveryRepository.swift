import CDNSSD
import Foundation
import NIOConcurrencyHelpers

/// Registers our runner as a `_materunner._udp` service and browses for the others, through the
/// system's DNS-SD library (Avahi's compat libdns_sd on Linux). Flags are always 0: Avahi rejects
/// every other flag.
public final class DNSSDDiscoveryRepository: Sendable {
    public static let serviceType = "_materunner._udp"
    /// How long a daemon call may take before we report it as not answering.
    static let callTimeout: TimeInterval = 5
    /// How long resolving one found service to an address may take.
    static let resolveTimeout: TimeInterval = 5

    /// How many other names `register` tries when the daemon says the name is taken on this host.
    static let renameAttempts = 8

    private let loop: DNSSDServiceLoop
    private let registration = NIOLockedValueBox<RegisterOperation?>(nil)
    /// What `advertise` registered, for `announce` to change.
    let advertised = NIOLockedValueBox<MateAdvertisement?>(nil)

    public init() {
        // Avahi prints a banner about its Bonjour compatibility layer on first use unless told not to.
        setenv("AVAHI_COMPAT_NOWARN", "1", 0)
        loop = DNSSDServiceLoop()
    }

    /// Advertises our runner; returns the instance name used, or throws at once when the daemon
    /// cannot be reached. When another service on this host already has the name, it tries
    /// `name (2)`, `name (3)`, ...; a collision with another host is resolved by the daemon itself
    /// (Avahi renames to `name #2`; `registeredName` tells the name it settled on).
    @discardableResult
    public func register(name: String, port: Int, advertisement: MateAdvertisement) throws(DiscoveryError) -> String {
        var attempt = 1
        while true {
            let candidate = attempt == 1 ? name : "\(name) (\(attempt))"
            do {
                return try register(name: candidate, port: port, txt: advertisement.txt)
            } catch .callFailed(_, let code) where code == DNSServiceErrorType(kDNSServiceErr_NameConflict) && attempt < Self.renameAttempts {
                attempt += 1
            }
        }
    }

    /// The name the daemon confirmed for our registration, once it has (nil before, or when not registered).
    public var registeredName: String? {
        guard let operation = registration.withLockedValue({ $0 }) else { return nil }
        return loop.sync(timeout: Self.callTimeout) { operation.registeredName } ?? nil
    }

    /// Replaces our TXT record (the service's primary one: DNSServiceUpdateRecord with a NULL record
    /// reference, which Avahi's compat library maps to updating the service's TXT).
    public func update(_ advertisement: MateAdvertisement) throws(DiscoveryError) {
        guard let operation = registration.withLockedValue({ $0 }) else { throw .callFailed(call: "update", code: -1) }
        let record = TXTRecord.encode(advertisement.txt)
        let status: DNSServiceErrorType? = loop.sync(timeout: Self.callTimeout) {
            guard let ref = operation.ref else { return DNSServiceErrorType(kDNSServiceErr_BadReference) }
            return record.withUnsafeBytes { bytes in
                DNSServiceUpdateRecord(ref, nil, 0, UInt16(bytes.count), bytes.baseAddress, 0)
            }
        }
        guard let status else { throw .timedOut(call: "update") }
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError) else { throw Self.error(for: status, call: "update") }
    }

    /// Advertises our service with raw TXT pairs; see `register(name:port:advertisement:)`.
    @discardableResult
    public func register(name: String, port: Int, txt: [String: String]) throws(DiscoveryError) -> String {
        let record = TXTRecord.encode(txt)
        let loop = self.loop
        let registration = self.registration
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
            registration.withLockedValue { $0 = operation }
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
