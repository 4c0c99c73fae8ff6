import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// NMEA 0183 logs read directly: the real Telit HE910 log against gpsd's decoding, and every class of
/// bad input.
@Suite("NMEAReader")
struct NMEAReaderTests {
    private func sentence(_ body: String) -> String {
        "$\(body)*" + String(format: "%02X", NMEASentence.checksum(of: body))
    }

    @Test("telit-he910.log read directly gives gpsd's 187 timed fixes, equal to 1e-7 degrees and 1 ms")
    func telitMatchesGPSD() throws {
        let text = try String(contentsOf: Fixtures.url("telit-he910.log"), encoding: .utf8)
        let (reports, statistics) = NMEAReader.reports(from: text)
        let reference = try GPSDReference.telitFixes().filter { $0.time != nil }
        #expect(reference.count == 187)
        #expect(reports.count == reference.count)
        #expect(statistics.fixes == 187)
        #expect(statistics.skipped[.badChecksum] == nil)
        for (report, fix) in zip(reports, reference) {
            #expect(GPSDReference.matches(report, fix), "\(report) vs \(fix)")
        }
        // The receiver says no fix (GGA quality 0, RMC status V) for the epochs before and between.
        #expect((statistics.skipped[.noFix] ?? 0) > 0)
    }

    @Test("GGA and RMC of one epoch merge: position, date ddmmyy, speed in knots, altitude, satellites")
    func merge() throws {
        let log = [
            sentence("GPGGA,235959.50,4807.038,N,01131.000,W,1,08,0.9,545.4,M,46.9,M,,"),
            sentence("GPRMC,235959.50,A,4807.038,N,01131.000,W,022.4,084.4,311299,003.1,W"),
        ].joined(separator: "\r\n")
        let (reports, statistics) = NMEAReader.reports(from: log)
        let report = try #require(reports.first)
        #expect(reports.count == 1 && statistics.fixes == 1)
        #expect(abs(report.coordinate.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(report.coordinate.longitude + (11 + 31.0 / 60)) < 1e-12)
        #expect(report.time == Date(timeIntervalSince1970: 946_684_799.5))  // 1999-12-31T23:59:59.5Z
        #expect(abs((report.speed ?? 0) - 22.4 * 1852 / 3600) < 1e-9)
        #expect(report.course == 84.4 && report.altitude == 545.4 && report.satellites == 8 && report.hdop == 0.9)
        #expect(report.mode == 3)
    }

    @Test("a wrong checksum, garbage bytes, a truncated sentence and a 1 MiB line are counted and skipped")
    func malformed() {
        let good = sentence("GPRMC,120000,A,4600.000,N,01430.000,E,1.0,0.0,010125,,")
        let lines = [
            String(good.dropLast(2)) + "00",  // wrong checksum
            "\u{1}\u{2}garbage\u{FF}",
            String(good.prefix(20)),  // truncated: no checksum
            "$" + String(repeating: "A", count: 1 << 20),
            sentence("GPGGA,120001,46xx.000,N,01430.000,E,1,05,1.0,300,M,,M,,"),  // bad number: no fix
            good,
        ]
        let (reports, statistics) = NMEAReader.reports(from: lines.joined(separator: "\n"))
        #expect(reports.count == 1)
        #expect(statistics.skipped[.badChecksum] == 1)
        #expect(statistics.skipped[.malformed] == 2)
        #expect(statistics.skipped[.oversized] == 1)
        #expect(statistics.skipped[.noFix] == 1)
    }

    @Test("random bytes never crash the reader")
    func randomBytes() {
        var random = SplitMix64(seed: 5)
        var reader = NMEAReader()
        for _ in 0..<5_000 {
            let bytes = (0..<Int.random(in: 0...100, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = reader.read(line: Substring(String(decoding: bytes, as: UTF8.self)))
        }
        _ = reader.finish()
        #expect(reader.statistics.fixes == 0)
    }
}
