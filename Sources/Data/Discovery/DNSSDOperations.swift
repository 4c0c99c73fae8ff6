import CDNSSD
import Foundation

// The objects DNS-SD callbacks reach through their context pointer. Each lives on the loop thread
// only, retained by `DNSSDServiceLoop` while its reference is polled.

/// A registration of our own service. `@unchecked Sendable`: the repository holds it to update the
/// TXT record, but only ever touches it on the loop thread.
final class RegisterOperation: DNSSDServiceLoop.Operation, @unchecked Sendable {
    /// The name the daemon confirmed (it differs from the requested one after a collision on the
    /// network: Avahi picks "name #2").
    var registeredName: String?
    var failure: Int32?
}

/// A running browse; follows every mate from appearance through TXT updates to its loss.
final class BrowseOperation: DNSSDServiceLoop.Operation {
    let loop: DNSSDServiceLoop
    let continuation: AsyncStream<DiscoveryEvent>.Continuation
    /// How many (interface, protocol) pairs currently announce each instance.
    private var announcements: [String: Int] = [:]
    /// The mates found (resolved to an address, with their TXT record), by instance name.
    var mates: [String: DiscoveredMate] = [:]
    /// Mates resolved but not found yet: what their address and TXT queries answered so far. A mate is
    /// found once it has both: a resolve that catches the mate's TXT record being replaced (free to
    /// running) may come with an empty one, and a runner announced then would appear nameless.
    private var resolving: [String: (mate: DiscoveredMate, address: String?, textKnown: Bool)] = [:]
    /// The long-lived queries (address, TXT) of each instance.
    private var queries: [String: [DNSSDServiceLoop.Operation]] = [:]

    init(loop: DNSSDServiceLoop, continuation: AsyncStream<DiscoveryEvent>.Continuation) {
        self.loop = loop
        self.continuation = continuation
    }

    func serviceAppeared(name: String, type: String, domain: String, interfaceIndex: UInt32) {
        announcements[name, default: 0] += 1
        guard announcements[name] == 1 else { return }
        let resolve = ResolveOperation(browse: self, instanceName: name)
        resolve.deadline = Date().addingTimeInterval(DNSSDDiscoveryRepository.resolveTimeout)
        let context = Unmanaged.passUnretained(resolve).toOpaque()
        var ref: DNSServiceRef?
        let status = DNSServiceResolve(&ref, 0, interfaceIndex, name, type, domain, resolveReply, context)
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil else { return }
        resolve.ref = ref
        loop.add(resolve)
    }

    func serviceRemoved(name: String) {
        guard let count = announcements[name] else { return }
        if count > 1 {
            announcements[name] = count - 1
        } else {
            forget(name)
        }
    }

    /// Stops following `name` and reports it lost if it had been found.
    func forget(_ name: String) {
        announcements[name] = nil
        resolving[name] = nil
        for query in queries.removeValue(forKey: name) ?? [] { loop.remove(query) }
        if mates.removeValue(forKey: name) != nil { continuation.yield(.lost(instanceName: name)) }
    }

    func resolved(instanceName: String, fullName: String, hostName: String, port: Int, txt: [String: String], interfaceIndex: UInt32) {
        guard announcements[instanceName] != nil, queries[instanceName] == nil else { return }
        let pending = DiscoveredMate(instanceName: instanceName, hostName: hostName, address: "", port: port, txt: txt)
        let address = QueryOperation(browse: self, kind: .address, mate: pending)
        let text = QueryOperation(browse: self, kind: .text, mate: pending)
        queries[instanceName] = [address, text]
        resolving[instanceName] = (pending, nil, !txt.isEmpty)
        start(address, name: hostName, type: kDNSServiceType_A, interfaceIndex: interfaceIndex)
        start(text, name: fullName, type: kDNSServiceType_TXT, interfaceIndex: interfaceIndex)
    }

    private func start(_ query: QueryOperation, name: String, type: Int, interfaceIndex: UInt32) {
        let context = Unmanaged.passUnretained(query).toOpaque()
        var ref: DNSServiceRef?
        let status = DNSServiceQueryRecord(&ref, 0, interfaceIndex, name, UInt16(type), UInt16(kDNSServiceClass_IN), queryReply, context)
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil else { return }
        query.ref = ref
        loop.add(query)
    }

    /// An address answer: the first one makes the mate found (once its TXT record is known too); its
    /// expiry makes it lost.
    func address(_ address: String?, for mate: DiscoveredMate) {
        let name = mate.instanceName
        guard let address else {
            forget(name)
            return
        }
        guard mates[name] == nil, resolving[name] != nil else { return }
        resolving[name]?.address = address
        foundIfComplete(name)
    }

    /// A TXT answer: an update when it differs from what the mate had; for a mate not found yet, the
    /// record it is found with.
    func text(_ txt: [String: String], for name: String) {
        if resolving[name] != nil {
            resolving[name]?.mate.txt = txt
            resolving[name]?.textKnown = true
            foundIfComplete(name)
            return
        }
        guard var mate = mates[name], mate.txt != txt else { return }
        mate.txt = txt
        mates[name] = mate
        continuation.yield(.updated(mate))
    }

    private func foundIfComplete(_ name: String) {
        guard let (mate, address, textKnown) = resolving[name], let address, textKnown else { return }
        resolving[name] = nil
        var found = mate
        found.address = address
        mates[name] = found
        continuation.yield(.found(found))
    }
}

/// Resolving one service instance to its host, port and TXT record.
final class ResolveOperation: DNSSDServiceLoop.Operation {
    unowned let browse: BrowseOperation
    let instanceName: String

    init(browse: BrowseOperation, instanceName: String) {
        self.browse = browse
        self.instanceName = instanceName
    }
}

/// A long-lived record query of one mate: its IPv4 address (Avahi has no DNSServiceGetAddrInfo) or
/// its TXT record, answered again whenever the record changes or expires.
final class QueryOperation: DNSSDServiceLoop.Operation {
    enum Kind { case address, text }
    unowned let browse: BrowseOperation
    let kind: Kind
    let mate: DiscoveredMate

    init(browse: BrowseOperation, kind: Kind, mate: DiscoveredMate) {
        self.browse = browse
        self.kind = kind
        self.mate = mate
    }
}
