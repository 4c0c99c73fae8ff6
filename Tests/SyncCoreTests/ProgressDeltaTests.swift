@testable import SyncCore
import Domain
import Foundation
import SyncTesting
import SyncWire
import Testing

/// Progress as deltas against a base the receiver acknowledged (types 12 and 13): the bookkeeping of
/// both ends, and two repositories on loopback (the codec: SyncWireTests/ProgressDeltaCodecTests).
@Suite("Progress deltas")
struct ProgressDeltaTests {
    static let sender = RunnerID(rawValue: 0xA11CE)
    static let mate = RunnerID(rawValue: 0xB0B)

    static func report(_ elapsed: UInt32, _ distance: UInt32, phase: RunnerPhase = .running) -> ProgressReportDTO {
        SyncSample.report(elapsed, distance, phase: phase)
    }

    private func encoded(_ message: SyncMessage, sequence: UInt32 = 300, key: RaceKey? = nil) -> [UInt8] {
        SyncSample.encoded(message, from: Self.sender, sequence: sequence, key: key)
    }

    // MARK: Both ends

    @Test("full until acknowledged, then deltas against the acknowledged state; every 16th in full")
    func sender() throws {
        let peer = PeerAddress(host: "127.0.0.1", port: 4000)
        let stranger = PeerAddress(host: "127.0.0.1", port: 4001)
        var book = ProgressDeltas()
        book.learn(Self.mate, at: peer)
        let first = book.bodies(for: Self.report(1_000, 300), number: 2, to: [peer, stranger])
        #expect(first.map(\.1) == [.progress(Self.report(1_000, 300)), .progress(Self.report(1_000, 300))])
        book.acknowledge(9, by: Self.mate) // never sent: ignored
        book.acknowledge(2, by: Self.mate)
        let second = book.bodies(for: Self.report(2_000, 650), number: 4, to: [peer, stranger])
        #expect(second.map(\.1) == [
            .progressDelta(ProgressDeltaDTO(baseBack: 2, phase: .running, hasFinalResult: false, elapsedDelta: 1_000, distanceDelta: 350)),
            .progress(Self.report(2_000, 650)),
        ])
        var kinds: [Bool] = []
        for index in 2..<17 {
            let body = book.bodies(for: Self.report(UInt32(index) * 1_000, UInt32(index) * 300), number: UInt32(index) * 2, to: [peer])
            if case .progressDelta = body[0].1 { kinds.append(true) } else { kinds.append(false) }
        }
        // The 17th progress (index 16) goes in full.
        #expect(kinds == Array(repeating: true, count: 14) + [false])
        book.forget(Self.mate)
        if case .progressDelta = book.bodies(for: Self.report(40_000, 9_000), number: 40, to: [peer])[0].1 {
            Issue.record("a delta to a mate whose acknowledgements were forgotten")
        }
    }

    @Test("the receiver resolves deltas against what it holds, acknowledges the newest, and refuses unknown bases")
    func receiver() throws {
        let address = PeerAddress(host: "127.0.0.1", port: 4000)
        var book = ProgressDeltas()
        book.hold(Self.report(1_000, 300), number: 2, from: Self.sender, at: address)
        #expect(book.acknowledgementsDue().map(\.message) == [.acknowledgement(number: 2)])
        #expect(book.acknowledgementsDue().isEmpty)
        let delta = ProgressDeltaDTO(baseBack: 2, phase: .running, hasFinalResult: false, elapsedDelta: 1_000, distanceDelta: 350)
        #expect(try book.resolve(delta, number: 4, from: Self.sender) == Self.report(2_000, 650))
        #expect(throws: DatagramError.unknownBase) { try book.resolve(delta, number: 5, from: Self.sender) }
        #expect(throws: DatagramError.unknownBase) { try book.resolve(delta, number: 4, from: Self.mate) }
    }

}

/// Deltas over a lossy, reordering channel: whatever is lost, the receiver ends on the sender's
/// final state, and never applies a delta to a base it does not hold.
@Suite("Progress deltas over loss")
struct ProgressDeltaLossTests {
    static let sender = RunnerID(rawValue: 0xA)
    static let receiver = RunnerID(rawValue: 0xB)

    /// The receiving end: its bookkeeping and the newest state it resolved.
    struct Receiver {
        var book = ProgressDeltas()
        var held: (number: UInt32, report: ProgressReportDTO)?
        var unknownBases = 0
        let source: PeerAddress

        mutating func deliver(_ number: UInt32, _ message: SyncMessage) {
            var report: ProgressReportDTO?
            switch message {
            case .progress(let full), .finishedProgress(let full):
                report = full
            case .progressDelta(let delta):
                report = try? book.resolve(delta, number: number, from: ProgressDeltaLossTests.sender)
                if report == nil { unknownBases += 1 }
            default:
                break
            }
            guard let report else { return }
            book.hold(report, number: number, from: ProgressDeltaLossTests.sender, at: source)
            if number > held?.number ?? 0 { held = (number, report) }
        }
    }

    @Test("30 % loss both ways, 25 % reordering: the receiver ends on the final state", arguments: [7, 8, 9] as [UInt64])
    func lossy(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let receiverAddress = PeerAddress(host: "127.0.0.1", port: 5001)
        var sender = ProgressDeltas()
        sender.learn(Self.receiver, at: receiverAddress)
        var receiver = Receiver(source: PeerAddress(host: "127.0.0.1", port: 5000))
        var delayed: (number: UInt32, message: SyncMessage)?
        var deltasSent = 0
        var last = ProgressReportDTO(phase: .running, hasFinalResult: false, elapsedMilliseconds: 0, distanceCentimetres: 0, finishMilliseconds: nil)
        for step in 1...200 {
            let number = UInt32(step * 2)
            let finished = step >= 150
            last = ProgressReportDTO(
                phase: finished ? .finished : .running, hasFinalResult: false,
                elapsedMilliseconds: UInt32(min(step, 150)) * 1_000, distanceCentimetres: UInt32(min(step, 150)) * 333,
                finishMilliseconds: finished ? 149_500 : nil
            )
            let message = try #require(sender.bodies(for: last, number: number, to: [receiverAddress]).first?.1)
            if case .progressDelta = message { deltasSent += 1 }
            if random.next() % 100 >= 30 {
                if random.next() % 100 < 25, delayed == nil {
                    delayed = (number, message)
                } else {
                    receiver.deliver(number, message)
                    if let late = delayed {
                        receiver.deliver(late.number, late.message)
                        delayed = nil
                    }
                }
            }
            // The receiver acknowledges with every 4th of its own publishes; acknowledgements are lost too.
            if step % 4 == 0 {
                for due in receiver.book.acknowledgementsDue() where random.next() % 100 >= 30 {
                    if case .acknowledgement(let acknowledged) = due.message { sender.acknowledge(acknowledged, by: Self.receiver) }
                }
            }
        }
        #expect(receiver.held?.report == last)
        #expect(deltasSent > 100)
        // A base is one the receiver acknowledged, so it holds it: no delta is ever refused.
        #expect(receiver.unknownBases == 0)
    }
}
