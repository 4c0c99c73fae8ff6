import Application
import Domain
import Foundation
import MateRunnerTesting
import Presentation
import Testing

/// `export` on an in-memory store and an in-memory export repository: what is written where, and
/// the errors.
@Suite("ExportFlow")
struct ExportFlowTests {
    typealias F = RecordFixtures

    @Test("--gpx and --chart: the route of the run the prefix names, and its chart's SVG")
    func both() throws {
        let fixtures = try F()
        try fixtures.export.export(id: "bbbb", gpx: "/out/run.gpx", chart: "/out/run.svg")
        #expect(fixtures.exports.files == [
            "/out/run.gpx": .route(runID: F.team.id),
            "/out/run.svg": .document(ProgressChart.svg(for: F.team)),
        ])
    }

    @Test("only what is asked for is written; a run without route points still gets its GPX track")
    func onlyAsked() throws {
        let fixtures = try F()
        try fixtures.export.export(id: F.race.id, gpx: nil, chart: "/out/chart.svg")
        #expect(Array(fixtures.exports.files.keys) == ["/out/chart.svg"])
        try fixtures.export.export(id: "aaaa2", gpx: "/out/solo.gpx", chart: nil)
        #expect(fixtures.exports.files["/out/solo.gpx"] == .route(runID: F.solo.id))
    }

    @Test("an unknown or ambiguous id is a usage error and writes nothing")
    func unknownID() throws {
        let fixtures = try F()
        #expect(throws: FlowError.usage("no run 'dddd' in /data/materunner: see `materunner records` for the ids")) {
            try fixtures.export.export(id: "dddd", gpx: "/out/run.gpx", chart: nil)
        }
        #expect {
            try fixtures.export.export(id: "aaaa", gpx: nil, chart: "/out/run.svg")
        } throws: { error in
            (error as? FlowError)?.isUsage == true && "\(error)".hasPrefix("'aaaa' starts 2 run ids: give more of the id (aaaa1111-")
        }
        #expect(fixtures.exports.files.isEmpty)
    }

    @Test("a file that cannot be written is a runtime error naming it and what to check")
    func cannotWrite() throws {
        let fixtures = try F()
        fixtures.exports.refuse("/missing/run.gpx")
        #expect(throws: FlowError(.cannotCreate, "cannot write /missing/run.gpx: No such file or directory: check the folder exists and is writable")) {
            try fixtures.export.export(id: "aaaa1", gpx: "/missing/run.gpx", chart: "/out/run.svg")
        }
        #expect(fixtures.exports.files.isEmpty, "the chart comes after the route: nothing was written")
    }
}
