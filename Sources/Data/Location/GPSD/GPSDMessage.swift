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
    /// gpsd opened a receiver (`DEVICE` with an `activated` time).
    case deviceOpened(path: String)
    /// The receivers gpsd knows (`DEVICES`, sent after our WATCH): none means no receiver.
    case devices(count: Int)
    /// Any other class (WATCH, SKY, ...): ignored, not counted.
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
            guard let device = try? JSONDecoder().decode(GPSDDeviceDTO.self, from: Data(line.utf8)) else { return .other }
            return device.activated == 0 ? .deviceClosed(path: device.path ?? "?") : .deviceOpened(path: device.path ?? "?")
        case "DEVICES":
            guard let list = try? JSONDecoder().decode(GPSDDevicesDTO.self, from: Data(line.utf8)) else { return .other }
            return .devices(count: list.devices?.count ?? 0)
        default:
            return .other
        }
    }
}

/// A `DEVICE` report: `activated` is a time string while the device is open and 0 once it closed.
struct GPSDDeviceDTO: Decodable {
    let path: String?
    /// 0 once closed; 1 for the time string of an open device (or an absent one, as gpsd lists them).
    let activated: Double?

    enum CodingKeys: String, CodingKey {
        case path, activated
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        if let number = try? container.decodeIfPresent(Double.self, forKey: .activated) {
            activated = number
        } else {
            activated = (try? container.decodeIfPresent(String.self, forKey: .activated)) == nil ? nil : 1
        }
    }
}

/// A `DEVICES` report: the receivers gpsd has.
struct GPSDDevicesDTO: Decodable {
    let devices: [GPSDDeviceDTO]?
}
