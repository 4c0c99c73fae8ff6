import Data
import Testing

/// `run --source` and `run --pause` as Data parses them: what is accepted, and that anything else is
/// refused (nil: the command line says which option and shows its form).
@Suite("Source and pause specs")
struct LocationSourceSpecTests {
    @Test("sim, gpsd (with and without HOST:PORT), nmea and gpx files with an optional xSPEED")
    func accepted() {
        #expect(LocationSourceSpec(parsing: "sim") == .simulator)
        #expect(LocationSourceSpec(parsing: "gpsd") == .gpsd(.standard))
        #expect(LocationSourceSpec(parsing: "gpsd:10.0.0.2:3000") == .gpsd(GPSDEndpoint(host: "10.0.0.2", port: 3000)))
        #expect(LocationSourceSpec(parsing: "nmea:log.nmea") == .nmea(path: "log.nmea", speed: 1))
        #expect(LocationSourceSpec(parsing: "gpx:/data/lake run.gpx:x20") == .gpx(path: "/data/lake run.gpx", speed: 20))
        // A colon in the file name stays in it unless an xSPEED follows.
        #expect(LocationSourceSpec(parsing: "gpx:C:track.gpx") == .gpx(path: "C:track.gpx", speed: 1))
        #expect(LocationSourceSpec(parsing: "nmea:a.nmea:x0.5")?.replaySpeed == 0.5)
        #expect(LocationSourceSpec(parsing: "gpsd")?.replaySpeed == 1)
    }

    @Test("unknown kinds, empty files and speeds out of 0.1 … 1000 are refused", arguments: [
        "", "SIM", "gps", "file:x.gpx", "gpx:", "nmea:", "gpx:a.gpx:x0", "gpx:a.gpx:x1001", "gpx:a.gpx:xfast", "gpx:a.gpx:xnan",
        "gpx::x2",
    ])
    func refused(_ text: String) {
        #expect(LocationSourceSpec(parsing: text) == nil)
    }

    @Test("--pause EVERY:SECONDS: two positive finite numbers")
    func pause() {
        #expect(SimulatedLocationRepository.Profile.Pause(parsing: "60:10") == .init(every: 60, duration: 10))
        #expect(SimulatedLocationRepository.Profile.Pause(parsing: "0.5:0.25") == .init(every: 0.5, duration: 0.25))
        for text in ["", "60", "60:", ":10", "60:10:5", "0:10", "60:-1", "inf:10", "60:nan", "a:b"] {
            #expect(SimulatedLocationRepository.Profile.Pause(parsing: text) == nil, "\(text)")
        }
    }
}
