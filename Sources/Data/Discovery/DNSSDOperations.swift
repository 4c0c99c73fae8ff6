import CDNSSD
import Foundation

// The objects DNS-SD callbacks reach through their context pointer. Each lives on the loop thread
// only, retained by `DNSSDServiceLoop` while its reference is polled.

/// A registration of our own service.
final class RegisterOperation: DNSSDServiceLoop.Operation {
    /// The name the daemon confirmed (it may differ from the requested one after a collision).
    var registeredName: String?
    var failure: Int32?
}

/// A running browse; emits what it finds.
final class BrowseOperation: DNSSDServiceLoop.Operation {
    let loop: DNSSDServiceLoop
    let continuation: AsyncStream<DiscoveryEvent>.Continuation

    init(loop: DNSSDServiceLoop, continuation: AsyncStream<DiscoveryEvent>.Continuation) {
        self.loop = loop
        self.continuation = continuation
    }

    func serviceAppeared(name: String, type: String, domain: String, interfaceIndex: UInt32) {
        let resolve = ResolveOperation(browse: self, instanceName: name)
        resolve.deadline = Date().addingTimeInterval(DNSSDDiscoveryRepository.resolveTimeout)
        let context = Unmanaged.passUnretained(resolve).toOpaque()
        var ref: DNSServiceRef?
        let status = DNSServiceResolve(&ref, 0, interfaceIndex, name, type, domain, resolveReply, context)
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil else { return }
        resolve.ref = ref
        loop.add(resolve)
    }

    func resolved(instanceName: String, hostName: String, port: Int, txt: [String: String], interfaceIndex: UInt32) {
        let query = QueryOperation(
            browse: self, instanceName: instanceName, hostName: hostName, port: port, txt: txt
        )
        query.deadline = Date().addingTimeInterval(DNSSDDiscoveryRepository.resolveTimeout)
        let context = Unmanaged.passUnretained(query).toOpaque()
        var ref: DNSServiceRef?
        let status = DNSServiceQueryRecord(
            &ref, 0, interfaceIndex, hostName,
            UInt16(kDNSServiceType_A), UInt16(kDNSServiceClass_IN), queryReply, context
        )
        guard status == DNSServiceErrorType(kDNSServiceErr_NoError), ref != nil else { return }
        query.ref = ref
        loop.add(query)
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

/// Looking up the IPv4 address of a resolved host (Avahi has no DNSServiceGetAddrInfo).
final class QueryOperation: DNSSDServiceLoop.Operation {
    unowned let browse: BrowseOperation
    let instanceName: String
    let hostName: String
    let port: Int
    let txt: [String: String]

    init(browse: BrowseOperation, instanceName: String, hostName: String, port: Int, txt: [String: String]) {
        self.browse = browse
        self.instanceName = instanceName
        self.hostName = hostName
        self.port = port
        self.txt = txt
    }
}

// MARK: - C callbacks

let registerReply: DNSServiceRegisterReply = { _, _, errorCode, name, _, _, context in
    guard let context else { return }
    let operation = Unmanaged<RegisterOperation>.fromOpaque(context).takeUnretainedValue()
    if errorCode == DNSServiceErrorType(kDNSServiceErr_NoError) {
        operation.registeredName = name.map { String(cString: $0) }
    } else {
        operation.failure = errorCode
    }
}

let browseReply: DNSServiceBrowseReply = { _, flags, interfaceIndex, errorCode, name, type, domain, context in
    guard let context, errorCode == DNSServiceErrorType(kDNSServiceErr_NoError),
          let name, let type, let domain
    else { return }
    let operation = Unmanaged<BrowseOperation>.fromOpaque(context).takeUnretainedValue()
    let instance = String(cString: name)
    if flags & DNSServiceFlags(kDNSServiceFlagsAdd) != 0 {
        operation.serviceAppeared(
            name: instance, type: String(cString: type), domain: String(cString: domain), interfaceIndex: interfaceIndex
        )
    } else {
        operation.continuation.yield(.lost(instanceName: instance))
    }
}

let resolveReply: DNSServiceResolveReply = { _, _, interfaceIndex, errorCode, _, host, port, txtLength, txt, context in
    guard let context else { return }
    let operation = Unmanaged<ResolveOperation>.fromOpaque(context).takeUnretainedValue()
    let browse = operation.browse
    defer { browse.loop.remove(operation) }
    guard errorCode == DNSServiceErrorType(kDNSServiceErr_NoError), let host else { return }
    var pairs: [String: String] = [:]
    if let txt, txtLength > 0 {
        pairs = TXTRecord.decode(Array(UnsafeRawBufferPointer(start: txt, count: Int(txtLength))))
    }
    browse.resolved(
        instanceName: operation.instanceName,
        hostName: String(cString: host),
        port: Int(UInt16(bigEndian: port)),
        txt: pairs,
        interfaceIndex: interfaceIndex
    )
}

let queryReply: DNSServiceQueryRecordReply = { _, flags, _, errorCode, _, type, _, length, data, _, context in
    guard let context else { return }
    let operation = Unmanaged<QueryOperation>.fromOpaque(context).takeUnretainedValue()
    guard errorCode == DNSServiceErrorType(kDNSServiceErr_NoError),
          flags & DNSServiceFlags(kDNSServiceFlagsAdd) != 0,
          type == UInt16(kDNSServiceType_A), length == 4, let data
    else { return }
    let octets = Array(UnsafeRawBufferPointer(start: data, count: 4))
    let mate = DiscoveredMate(
        instanceName: operation.instanceName,
        hostName: operation.hostName,
        address: octets.map(String.init).joined(separator: "."),
        port: operation.port,
        txt: operation.txt
    )
    operation.browse.continuation.yield(.found(mate))
    operation.browse.loop.remove(operation)
}
