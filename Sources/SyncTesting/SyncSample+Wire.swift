import Domain
import SyncWire

extension SyncSample {
    /// A progress report as the wire carries it: `elapsed` ms and `distance` cm in `phase` (finished:
    /// its finish time is `elapsed`).
    package static func report(_ elapsed: UInt32, _ distance: UInt32, phase: RunnerPhase = .running) -> ProgressReportDTO {
        ProgressReportDTO(
            phase: phase, hasFinalResult: false, elapsedMilliseconds: elapsed, distanceCentimetres: distance,
            finishMilliseconds: phase == .finished ? elapsed : nil
        )
    }

    /// `message` from `sender` as datagram number `sequence`, encoded (tagged with `key` if given).
    package static func encoded(
        _ message: SyncMessage, from sender: RunnerID, sequence: UInt32 = 300, key: RaceKey? = nil
    ) -> [UInt8] {
        SyncDatagramCodec.encode(SyncDatagram(sender: sender, sequence: sequence, message: message), key: key)
    }
}
