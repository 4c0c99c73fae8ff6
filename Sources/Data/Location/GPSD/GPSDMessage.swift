import Foundation

/// What one line from gpsd means to us.
enum GPSDMessage: Equatable {
    /// The greeting gpsd sends on connect.
    case version(release: String)
    /// A TPV report with a fix.
    case report(PositionReport)
    /// A line we count and skip (not JSON, TPV without a fix, ...).
    case skipped(PositionSkip)
    /// gpsd closed a receiver (`DEVICE` with `"activated":0`): unplugged, or a replay ended.
    case deviceClosed(path: String)
    /// Any other class (DEVICES, WATCH, SKY, ...): ignored, not counted.
    case other

    /// Decodes one line (without its newline). Never throws: what cannot be read is `.skipped`.
    static func decode(_ line: String) -> GPSDMessage {
        guard line.first == "{", let dto = try? JSONDecoder().decode(GPSDReportDTO.self, from: Data(line.utf8)) else {
            return .skipped(.malformed)
        }
        switch dto.className {
        case "VERSION":
            return .version(release: dto.release ?? "unknown")
        case "TPV":
            switch dto.toReport() {
            case .success(let report): return .report(report)
            case .failure(let reason): return .skipped(reason.skip)
            }
        case "DEVICE":
            guard let device = try? JSONDecoder().decode(GPSDDeviceDTO.self, from: Data(line.utf8)), device.activated == 0 else {
                return .other
            }
            return .deviceClosed(path: device.path ?? "?")
        default:
            return .other
        }
    }
}

/// A `DEVICE` report: `activated` is a time string while the device is open and 0 once it closed.
struct GPSDDeviceDTO: Decodable {
    let path: String?
    let activated: Double?
}
