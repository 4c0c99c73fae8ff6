import Data
import Domain
import Foundation
import MateRunnerTesting
import Testing

/// The GPX reader, on the real fixture and on hand-made documents.
@Suite("GPXTrack")
struct GPXTrackTests {
    private func track(_ xml: String) throws -> GPXTrack {
        try GPXTrack(data: Data(xml.utf8), source: "test.gpx")
    }

    private func gpx(_ body: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
        <trk><trkseg>
        \(body)
        </trkseg></trk>
        </gpx>
        """
    }

    @Test("the fixture has 296 timed points in 8 segments")
    func fixture() throws {
        let track = try GPXTrack(contentsOf: Fixtures.url("cerknicko-jezero.gpx"))
        #expect(track.points.count == 296)
        #expect(track.segments.map(\.count) == [0, 173, 52, 2, 44, 2, 2, 21])
        #expect(track.points.allSatisfy { $0.time != nil && $0.coordinate.isValid })
        let first = try #require(track.points.first)
        #expect(first.coordinate == Coordinate(latitude: 45.772175035, longitude: 14.357659249))
        #expect(first.time == Date(timeIntervalSince1970: 1_281_018_239))  // 2010-08-05T14:23:59Z
        #expect(track.points.last?.time == Date(timeIntervalSince1970: 1_281_025_429))  // 2010-08-05T16:23:49Z
        let times = track.points.compactMap(\.time)
        #expect(times == times.sorted())
    }

    @Test("points without a time keep time nil; times with fractional seconds parse")
    func optionalTimes() throws {
        let track = try track(gpx("""
        <trkpt lat="46.0" lon="14.5"></trkpt>
        <trkpt lat="46.001" lon="14.5"><time>2026-11-21T10:00:00Z</time></trkpt>
        <trkpt lat="46.002" lon="14.5"><ele>300</ele><time>2026-11-21T10:00:01.250Z</time></trkpt>
        <trkpt lat="46.003" lon="14.5"><time>not a time</time></trkpt>
        """))
        #expect(track.points.count == 4)
        #expect(track.points[0].time == nil)
        let second = try #require(track.points[1].time)
        let third = try #require(track.points[2].time)
        #expect(abs(third.timeIntervalSince(second) - 1.25) < 1e-6)
        #expect(track.points[3].time == nil)
        #expect(track.points.map(\.coordinate.latitude) == [46.0, 46.001, 46.002, 46.003])
    }

    @Test("a document with no track has no points")
    func noTrack() throws {
        #expect(try track("<gpx version=\"1.1\"><wpt lat=\"1\" lon=\"2\"><time>2026-01-01T00:00:00Z</time></wpt></gpx>").points.isEmpty)
    }

    @Test("track points outside a trkseg still count, in one segment")
    func pointsWithoutSegment() throws {
        let track = try track("<gpx><trk><trkpt lat=\"1\" lon=\"2\"/><trkpt lat=\"1.5\" lon=\"2\"/></trk></gpx>")
        #expect(track.segments.map(\.count) == [2])
    }

    @Test(
        "corrupt XML is refused with GPXError.malformed",
        arguments: [
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"></trkseg></trk></gpx>",
            "<gpx><trk>",
            "not xml at all",
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx><gpx/>",
            "<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\"/></trkseg></trk></gpx",
        ]
    )
    func corruptXML(xml: String) {
        let error = #expect(throws: GPXError.self) { try track(xml) }
        guard case .malformed(let source, _, let reason)? = error else {
            Issue.record("expected GPXError.malformed, got \(String(describing: error))")
            return
        }
        #expect(source == "test.gpx")
        // Said in words, not as the parser's domain and number.
        #expect(reason.hasPrefix("not well-formed XML: "), "\(reason)")
        #expect(!reason.contains("NSXMLParserErrorDomain") && !reason.contains("error 5"), "\(reason)")
    }

    @Test("a fixture cut in half is refused, saying it ends too soon")
    func truncatedFixture() throws {
        let data = try Data(contentsOf: Fixtures.url("cerknicko-jezero.gpx"))
        let error = #expect(throws: GPXError.self) { try GPXTrack(data: data.prefix(data.count / 2)) }
        #expect(error?.description.contains("not well-formed XML: ") == true, "\(String(describing: error))")
        #expect(error?.description.contains("NSXMLParserErrorDomain") == false, "\(String(describing: error))")
    }

    @Test("a track point without a valid lat/lon is refused, naming its line", arguments: [
        "<trkpt lon=\"14.5\"/>", "<trkpt lat=\"46\"/>", "<trkpt lat=\"north\" lon=\"14.5\"/>",
        "<trkpt lat=\"91\" lon=\"14.5\"/>", "<trkpt lat=\"46\" lon=\"-180.5\"/>", "<trkpt lat=\"nan\" lon=\"14.5\"/>",
    ])
    func badCoordinates(point: String) throws {
        let xml = gpx("<trkpt lat=\"46\" lon=\"14.5\"/>\n" + point)
        let error = #expect(throws: GPXError.self) { try track(xml) }
        guard case .malformed(_, let line, let reason)? = error else {
            Issue.record("expected GPXError.malformed, got \(String(describing: error))")
            return
        }
        #expect(line == 5)
        #expect(reason.contains("lat/lon"))
    }

    @Test("a missing file is refused with GPXError.unreadable naming the path")
    func missingFile() {
        let url = Fixtures.url("no-such-track.gpx")
        let error = #expect(throws: GPXError.self) { try GPXTrack(contentsOf: url) }
        guard case .unreadable(let path, _)? = error else {
            Issue.record("expected GPXError.unreadable, got \(String(describing: error))")
            return
        }
        #expect(path == url.path)
        #expect(error?.description.contains("cannot read GPX file \(url.path)") == true)
    }
}
