import Domain

/// What gpsd's messages and the connection say about the position source (`PositionStatus`): connecting,
/// gpsd unreachable, no receiver, no fix yet, a 2D or 3D fix with its accuracy. Pure: fed by
/// `GPSDLocationRepository`, tested on its own.
struct GPSDStatusTracker: Sendable, Equatable {
    private(set) var status = PositionStatus(source: .gpsd, state: .connecting)

    /// A message from gpsd.
    mutating func apply(_ message: GPSDMessage) {
        switch message {
        case .version:
            // Connected: nothing about the receiver yet (DEVICES follows the WATCH).
            set(.noFix)
        case .devices(let count):
            if count == 0 {
                set(.noReceiver)
            } else if status.state == .noReceiver {
                set(.noFix)
            }
        case .deviceOpened:
            if status.state == .noReceiver { set(.noFix) }
        case .deviceClosed:
            set(.noReceiver)
        case .report(let report):
            set(report.mode >= 3 ? .fix3D : .fix2D, accuracy: report.horizontalError)
        case .skipped(.noFix):
            set(.noFix)
        case .skipped, .other:
            break
        }
    }

    /// The connection failed or ended: gpsd is retried (`retrying`) or given up.
    mutating func disconnected(retrying: Bool) {
        set(retrying ? .noDaemon : .ended)
    }

    private mutating func set(_ state: PositionStatus.State, accuracy: Double? = nil) {
        status = PositionStatus(source: .gpsd, state: state, accuracyMetres: accuracy)
    }
}
