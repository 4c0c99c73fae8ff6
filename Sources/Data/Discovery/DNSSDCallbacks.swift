import CDNSSD
import Foundation

// The C callbacks of the DNS-SD calls. They run on the loop thread (inside DNSServiceProcessResult)
// and reach their operation through the context pointer.

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
        operation.serviceRemoved(name: instance)
    }
}

let resolveReply: DNSServiceResolveReply = { _, _, interfaceIndex, errorCode, fullName, host, port, txtLength, txt, context in
    guard let context else { return }
    let operation = Unmanaged<ResolveOperation>.fromOpaque(context).takeUnretainedValue()
    let browse = operation.browse
    defer { browse.loop.remove(operation) }
    guard errorCode == DNSServiceErrorType(kDNSServiceErr_NoError), let host, let fullName else { return }
    var pairs: [String: String] = [:]
    if let txt, txtLength > 0 {
        pairs = TXTRecord.decode(Array(UnsafeRawBufferPointer(start: txt, count: Int(txtLength))))
    }
    browse.resolved(
        instanceName: operation.instanceName,
        fullName: String(cString: fullName),
        hostName: String(cString: host),
        port: Int(UInt16(bigEndian: port)),
        txt: pairs,
        interfaceIndex: interfaceIndex
    )
}

let queryReply: DNSServiceQueryRecordReply = { _, flags, interfaceIndex, errorCode, _, type, _, length, data, _, context in
    guard let context, errorCode == DNSServiceErrorType(kDNSServiceErr_NoError) else { return }
    let operation = Unmanaged<QueryOperation>.fromOpaque(context).takeUnretainedValue()
    let added = flags & DNSServiceFlags(kDNSServiceFlagsAdd) != 0
    switch operation.kind {
    case .address:
        guard type == UInt16(kDNSServiceType_A) else { return }
        guard added else {
            operation.browse.address(nil, interfaceIndex: interfaceIndex, for: operation.mate)
            return
        }
        guard length == 4, let data else { return }
        let octets = Array(UnsafeRawBufferPointer(start: data, count: 4))
        operation.browse.address(octets.map(String.init).joined(separator: "."), interfaceIndex: interfaceIndex, for: operation.mate)
    case .text:
        guard type == UInt16(kDNSServiceType_TXT), added, let data else { return }
        let pairs = TXTRecord.decode(Array(UnsafeRawBufferPointer(start: data, count: Int(length))))
        operation.browse.text(pairs, for: operation.mate.instanceName)
    }
}
