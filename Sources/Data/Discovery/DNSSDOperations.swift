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
    /// What each resolved mate's address and TXT queries answered so far, found or not yet.
    private var answers: [String: Answers] = [:]
    /// The long-lived queries (address, TXT) of each instance.
    private var queries: [String: [DNSSDServiceLoop.Operation]] = [:]
    /// How long a mate known only by a loopback address waits for an address on another interface.
    let loopbackGrace: TimeInterval

    /// What a mate's queries answered. A mate is found once it has an address and its TXT record: a
    /// resolve that catches the mate's TXT record being replaced (free to running) may come with an
    /// empty one, and a runner announced then would appear nameless. Its address is asked on every
    /// interface: Avahi announces a service of this machine on the loopback interface too (as
    /// 127.0.0.1), often first, and a mate's address is the one the other hosts reach it at.
    struct Answers {
        var mate: DiscoveredMate
        /// The A record each interface answered.
        var addresses: [UInt32: String] = [:]
        var textKnown: Bool
        /// Set once a mate with only a loopback address has waited `loopbackGrace` for another.
        var graceOver = false
        var graceTimer: DNSSDServiceLoop.Operation?

        /// An address not on loopback when there is one (the lowest interface's), else the loopback one.
        var preferred: String? {
            let ordered = addresses.sorted { $0.key < $1.key }.map(\.value)
            return ordered.first { !Self.isLoopback($0) } ?? ordered.first
        }

        static func isLoopback(_ address: String) -> Bool { address.hasPrefix("127.") }
    }

    init(loop: DNSSDServiceLoop, continuation: AsyncStream<DiscoveryEvent>.Continuation, loopbackGrace: TimeInterval = 1) {
        self.loop = loop
        self.continuation = continuation
        self.loopbackGrace = loopbackGrace
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
        if let timer = answers.removeValue(forKey: name)?.graceTimer { loop.remove(timer) }
        for query in queries.removeValue(forKey: name) ?? [] { loop.remove(query) }
        if mates.removeValue(forKey: name) != nil { continuation.yield(.lost(instanceName: name)) }
    }

    func resolved(instanceName: String, fullName: String, hostName: String, port: Int, txt: [String: String], interfaceIndex: UInt32) {
        guard announcements[instanceName] != nil, queries[instanceName] == nil else { return }
        let pending = DiscoveredMate(instanceName: instanceName, hostName: hostName, address: "", port: port, txt: txt)
        let address = QueryOperation(browse: self, kind: .address, mate: pending)
        let text = QueryOperation(browse: self, kind: .text, mate: pending)
        queries[instanceName] = [address, text]
        answers[instanceName] = Answers(mate: pending, textKnown: !txt.isEmpty)
        start(address, name: hostName, type: kDNSServiceType_A, interfaceIndex: UInt32(kDNSServiceInterfaceIndexAny))
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

    /// An address answer on `interfaceIndex` (nil: its record expired or was withdrawn there). The mate
    /// is found once it has an address and its TXT; it is lost when the address it was found at goes.
    func address(_ address: String?, interfaceIndex: UInt32, for mate: DiscoveredMate) {
        let name = mate.instanceName
        guard answers[name] != nil else { return }
        if let address {
            answers[name]?.addresses[interfaceIndex] = address
        } else {
            answers[name]?.addresses[interfaceIndex] = nil
            if let found = mates[name], answers[name]?.addresses.values.contains(found.address) != true {
                forget(name)
                return
            }
        }
        foundIfComplete(name)
    }

    /// A TXT answer: an update when it differs from what the mate had; for a mate not found yet, the
    /// record it is found with.
    func text(_ txt: [String: String], for name: String) {
        guard var mate = mates[name] else {
            guard answers[name] != nil else { return }
            answers[name]?.mate.txt = txt
            answers[name]?.textKnown = true
            foundIfComplete(name)
            return
        }
        guard mate.txt != txt else { return }
        mate.txt = txt
        mates[name] = mate
        continuation.yield(.updated(mate))
    }

    /// A mate known only at a loopback address has waited long enough for another: found there.
    func loopbackGraceEnded(for name: String) {
        guard answers[name] != nil else { return }
        answers[name]?.graceOver = true
        answers[name]?.graceTimer = nil
        foundIfComplete(name)
    }

    private func foundIfComplete(_ name: String) {
        guard mates[name] == nil, let entry = answers[name], entry.textKnown, let address = entry.preferred else { return }
        if Answers.isLoopback(address), !entry.graceOver {
            guard entry.graceTimer == nil else { return }
            let timer = DNSSDServiceLoop.Operation()
            timer.deadline = Date().addingTimeInterval(loopbackGrace)
            timer.onTimeout = { [weak self] in self?.loopbackGraceEnded(for: name) }
            answers[name]?.graceTimer = timer
            loop.add(timer)
            return
        }
        if let timer = entry.graceTimer {
            loop.remove(timer)
            answers[name]?.graceTimer = nil
        }
        var found = entry.mate
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

/// A long-lived record query of one mate: its IPv4 address on every interface (Avahi has no
/// DNSServiceGetAddrInfo) or its TXT record, answered again whenever the record changes or expires.
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
