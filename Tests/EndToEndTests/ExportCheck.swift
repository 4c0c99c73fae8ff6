import MateRunnerTesting
import Foundation

/// Checks exported files with other tools: gpxpy for GPX, Python's XML parser for SVG.
enum ExportCheck {
    struct Failed: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether python3 can import gpxpy.
    static let hasGPXPy: Bool = (try? python("import gpxpy")) != nil

    /// gpxpy's 2D length, point count and duration of a GPX file.
    static func gpxpyLength(_ file: URL) throws -> (metres: Double, points: Int, seconds: Double) {
        let out = try python("""
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1]))
            print(g.length_2d(), g.get_points_no(), g.get_duration())
            """, file.path)
        let fields = out.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard fields.count == 3 else { throw Failed(description: "unexpected gpxpy output: \(out)") }
        return (fields[0], Int(fields[1]), fields[2])
    }

    /// Each track of a GPX file as gpxpy reads it: its name and its point count.
    static func gpxpyTracks(_ file: URL) throws -> [(name: String, points: Int)] {
        let out = try python("""
            import gpxpy, sys
            g = gpxpy.parse(open(sys.argv[1]))
            for t in g.tracks: print(sum(len(s.points) for s in t.segments), t.name)
            """, file.path)
        return out.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1)
            guard parts.count == 2, let points = Int(parts[0]) else { return nil }
            return (String(parts[1]), points)
        }
    }

    /// The runner names of the SVG's `polyline class="runner"` elements; throws when it is not well-formed XML.
    static func runnerPolylines(_ file: URL) throws -> [String] {
        let out = try python("""
            import sys, xml.dom.minidom
            doc = xml.dom.minidom.parse(sys.argv[1])
            for line in doc.getElementsByTagName('polyline'):
                if line.getAttribute('class') == 'runner': print(line.getAttribute('data-runner'))
            """, file.path)
        return out.split(separator: "\n").map(String.init)
    }

    private static func python(_ script: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failed(description: "python3 failed (\(process.terminationStatus))") }
        return String(decoding: data, as: UTF8.self)
    }
}
