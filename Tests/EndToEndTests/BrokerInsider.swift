@testable import Data
import Foundation
import MateRunnerTesting
import SyncWire

/// An insider of a group on the broker, for the attacks a malicious broker injects (`MaliciousRelay.inject`):
/// it knows the group's name, or the race key, so it seals envelopes (`BrokerEnvelope`) a runner opens,
/// as one sender (a broker id of its own, drawn at random), each for the topic it goes on. What the
/// envelope carries then meets the race's own rules, as a datagram from the insider's broker address.
struct BrokerInsider {
    private let key: BrokerSealKey
    /// The race key of an insider of the race: its datagrams go without their race-key tag, as a runner's.
    private let raceKey: RaceKey?
    private let sender = (0..<8).map { _ in UInt8.random(in: 0...255) }
    private var counter: UInt32 = 0

    /// Sealing under the group's key (the lobby: invitations, presence).
    init(group: String) { (key, raceKey) = (BrokerSealKey(group: group), nil) }

    /// Sealing under the race's broker key.
    init(raceKey: RaceKey) { (key, self.raceKey) = (BrokerSealKey(raceKey: raceKey), raceKey) }

    /// `datagrams` sealed for `topic`, in order, each in the form a runner seals it (`BrokerDatagram`).
    mutating func seal(_ datagrams: [[UInt8]], for topic: String) throws -> [(topic: String, payload: [UInt8])] {
        try datagrams.map { datagram in
            counter += 1
            let (payload, form) = BrokerDatagram.compact(datagram, raceKey: raceKey)
            let envelope = BrokerEnvelope.seal(payload, form: form, key: key, sender: sender, counter: counter,
                                               topic: topic)
            guard let envelope else {
                throw TestFailure("could not seal a datagram of \(datagram.count) bytes")
            }
            return (topic, envelope)
        }
    }
}
