import Domain
import NIOCore
import SyncWire

// MARK: Restart catch-up (docs/PROTOCOL.md, "Restart and catch-up")

extension SyncDatagramHandler {
    /// A boot with a newer epoch than the sender's known one announces a restarted process, whose
    /// datagram numbers start again below the window: it is let through without moving the window (its
    /// freshness is the epoch). A boot with an older epoch is a replay.
    func bypassesReplayWindow(_ datagram: SyncDatagram) throws(DatagramError) -> Bool {
        guard case .boot(let epoch) = datagram.message else { return false }
        switch catchUp.withLockedValue({ $0.kind(ofBoot: epoch, from: datagram.sender) }) {
        case .restart: return true
        case .old: throw .replayed
        case .first, .current: return false
        }
    }

    /// A boot: on a restart, the sender's state as we hold it goes back to it at once (and again with
    /// our next publishes until it has caught up). A relayed state about our own runner: our datagram
    /// numbers continue above our previous process's, and the state goes to the Domain to adopt.
    func handleCatchUp(_ datagram: SyncDatagram, from source: SocketAddress, context: ChannelHandlerContext) throws(DatagramError) {
        statistics.withLockedValue { $0.received[datagram.message.type.name, default: 0] += 1 }
        switch datagram.message {
        case .boot(let epoch):
            let kind = catchUp.withLockedValue { $0.kind(ofBoot: epoch, from: datagram.sender) }
            guard kind != .old else { throw .replayed }
            // A restarted peer holds none of our states: no deltas to it until it acknowledges again.
            if kind == .restart { deltas.withLockedValue { $0.forget(datagram.sender) } }
            guard let relay = catchUp.withLockedValue({ $0.boot(epoch, from: datagram.sender, at: source) }),
                  let outgoing = outbox.withLockedValue({ $0.datagram(saying: relay) })
            else { return }
            let bytes = SyncDatagramCodec.encode(outgoing, key: key)
            let envelope = AddressedEnvelope(remoteAddress: source, data: context.channel.allocator.buffer(bytes: bytes))
            context.writeAndFlush(NIOAny(envelope), promise: nil)
            statistics.withLockedValue {
                $0.datagramsSent += 1
                $0.bytesSent += bytes.count
            }
        case let .relayedState(subject, highestNumber, heldSequence, report):
            let adopted = outbox.withLockedValue { outbox -> RunnerProgress? in
                guard subject == outbox.me, let introduction = outbox.introduction else { return nil }
                outbox.continueAbove(highestNumber)
                return report.toDomain(runner: introduction.runner, terms: introduction.terms, sequence: heldSequence)
            }
            if let adopted { sink(adopted) }
        default:
            break
        }
    }
}
