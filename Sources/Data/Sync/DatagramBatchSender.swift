import CUDPBatch
import NIOCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Datagrams handed to a UDP socket by the transport itself, up to 64 to one system call (`sendmmsg`
/// on Linux), rather than one SwiftNIO write each. A write through the channel costs a `ByteBuffer`, an
/// envelope, a promise and a trip through the pipeline and the pending-write queue for every datagram,
/// more than the datagram's own work (docs/BENCHMARKS.md); this copies the bytes and addresses into
/// three arrays and makes the call. The socket stays SwiftNIO's: it reads, it is closed by the channel,
/// and what this cannot send at once (its buffer full) goes through the channel as before.
enum DatagramBatchSender {
    /// Sends each of `payloads` to the address at the same place in `remotes` on socket `descriptor`,
    /// in order, without blocking. For each: true when the socket took it, false when it refused it (no
    /// address, host or network unreachable, too long, ...: the others still go), nil when it was not
    /// tried because the socket's buffer was full or the system has no batch call (the caller queues
    /// those).
    static func send(_ payloads: [[UInt8]], to remotes: [SocketAddress?], socket descriptor: CInt) -> [Bool?] {
        precondition(payloads.count == remotes.count, "a payload for each address")
        var results = [Bool?](repeating: nil, count: payloads.count)
        var chosen: [Int] = []
        chosen.reserveCapacity(payloads.count)
        for index in payloads.indices {
            if remotes[index] == nil { results[index] = false } else { chosen.append(index) }
        }
        guard !chosen.isEmpty else { return results }

        let stride = MemoryLayout<sockaddr_storage>.size
        var payload: [UInt8] = []
        payload.reserveCapacity(chosen.reduce(0) { $0 + payloads[$1].count })
        var offsets: [Int] = []
        var lengths: [Int] = []
        var addressLengths: [UInt32] = []
        offsets.reserveCapacity(chosen.count)
        lengths.reserveCapacity(chosen.count)
        addressLengths.reserveCapacity(chosen.count)
        var addresses = [UInt8](repeating: 0, count: chosen.count * stride)
        addresses.withUnsafeMutableBytes { bytes in
            for (slot, index) in chosen.enumerated() {
                offsets.append(payload.count)
                lengths.append(payloads[index].count)
                payload.append(contentsOf: payloads[index])
                remotes[index]!.withSockAddr { address, length in
                    let length = min(length, stride)
                    bytes.baseAddress!.advanced(by: slot * stride).copyMemory(from: address, byteCount: length)
                    addressLengths.append(UInt32(length))
                }
            }
        }

        var next = 0
        payload.withUnsafeBufferPointer { payload in
            addresses.withUnsafeBufferPointer { addresses in
                while next < chosen.count {
                    let count = min(chosen.count - next, Int(MATERUNNER_UDP_BATCH_MAX))
                    let sent = offsets.withUnsafeBufferPointer { offsets in
                        lengths.withUnsafeBufferPointer { lengths in
                            addressLengths.withUnsafeBufferPointer { addressLengths in
                                materunner_udp_send_batch(
                                    descriptor, payload.baseAddress, offsets.baseAddress! + next, lengths.baseAddress! + next,
                                    addresses.baseAddress! + next * stride, addressLengths.baseAddress! + next, stride, UInt32(count)
                                )
                            }
                        }
                    }
                    if sent > 0 {
                        for slot in next..<(next + Int(sent)) { results[chosen[slot]] = true }
                        next += Int(sent)
                        continue
                    }
                    if sent == 0 { return }
                    let failure = errno
                    if failure == EAGAIN || failure == EWOULDBLOCK || failure == ENOSYS { return }
                    // This one datagram was refused; the next ones may well go.
                    results[chosen[next]] = false
                    next += 1
                }
            }
        }
        return results
    }
}
