import Domain
import Foundation

/// The courses fetched from hosts, kept in the data directory by digest (`courses/<digest>.gpx`, a
/// GPX 1.1 track of the course's points on the 1e-7 degree grid), so that a restarted runner of the
/// same invited race (or a later race on the same course) does not need the host again. A file is
/// used only if its points still hash to its name's digest; a damaged one is removed.
public struct CourseStore: Sendable {
    /// `<data directory>/courses`.
    public let directory: URL

    /// The store under the data directory `dataDirectory` (usually `DataDirectory.resolve()`).
    public init(dataDirectory: URL) {
        directory = dataDirectory.appendingPathComponent("courses", isDirectory: true)
    }

    /// The file of the course with `digest`.
    public func file(digest: String) -> URL {
        directory.appendingPathComponent("\(digest).gpx")
    }

    /// The course with `digest`, if one is kept and its points hash to that digest; else nil (a file that
    /// does not check is removed).
    public func load(digest: String) -> CourseFile? {
        guard Self.isDigest(digest) else { return nil }
        let url = file(digest: digest)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let file = try? CourseFile(contentsOf: url), file.digest == digest else {
            try? FileManager.default.removeItem(at: url)
            return nil
        }
        return file
    }

    /// Keeps `course` (its points on the 1e-7 degree grid) under its digest; returns the digest.
    @discardableResult
    public func save(_ course: Course) throws -> String {
        let digest = CourseFile.digest(of: course.points)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let url = file(digest: digest)
        let partial = directory.appendingPathComponent(".\(digest).gpx.\(UInt32.random(in: 0...UInt32.max))")
        try Data(Self.gpx(course).utf8).write(to: partial)
        if FileManager.default.fileExists(atPath: url.path) { try? FileManager.default.removeItem(at: url) }
        try FileManager.default.moveItem(at: partial, to: url)
        return digest
    }

    /// A GPX 1.1 document of `course`: one track named as the course, every point with 7 decimals.
    static func gpx(_ course: Course) -> String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="materunner (a course fetched from a race's host)" xmlns="http://www.topografix.com/GPX/1/1">
            <trk><name>\(escaped(course.name))</name><trkseg>

            """
        for value in CoursePoints.fixed(course.points).chunked() {
            text += "<trkpt lat=\"\(degrees(value.0))\" lon=\"\(degrees(value.1))\"/>\n"
        }
        text += "</trkseg></trk>\n</gpx>\n"
        return text
    }

    /// `value` (1e-7 degrees) as decimal degrees with exactly 7 decimals, read back to the same value.
    static func degrees(_ value: Int32) -> String {
        let magnitude = abs(Int64(value))
        let fraction = String(magnitude % 10_000_000)
        return "\(value < 0 ? "-" : "")\(magnitude / 10_000_000).\(String(repeating: "0", count: 7 - fraction.count))\(fraction)"
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// 16 lowercase hex digits (nothing else becomes a file name).
    static func isDigest(_ text: String) -> Bool {
        text.count == 16 && text.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}

extension [Int32] {
    /// Interleaved pairs as tuples.
    fileprivate func chunked() -> [(Int32, Int32)] {
        stride(from: 0, to: count - 1, by: 2).map { (self[$0], self[$0 + 1]) }
    }
}
