import Domain
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// The track points of a GPX 1.0/1.1 file, by segment, and its route points (`<rte>`/`<rtept>`, as
/// route planners export a planned course). Points without a time keep `time == nil`.
public struct GPXTrack: Sendable, Equatable {
    public struct Point: Sendable, Equatable {
        public var coordinate: Coordinate
        public var time: Date?
    }

    public var segments: [[Point]]
    /// The route points of each `<rte>`, in file order.
    public var routes: [[Point]] = []
    /// The first `<name>` of the file's metadata, track or route, trimmed; nil when there is none.
    public var name: String?

    /// All points of all segments, in file order.
    public var points: [Point] { segments.flatMap { $0 } }

    /// The points a course or a replay follows: the track's when it has any, else the routes'.
    public var pathSegments: [[Point]] {
        segments.contains { !$0.isEmpty } ? segments : routes
    }

    /// Reads a GPX document; throws `GPXError` naming what is wrong.
    public init(contentsOf url: URL) throws {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw GPXError.unreadable(path: url.path, reason: error.localizedDescription)
        }
        try self.init(data: data, source: url.path)
    }

    public init(data: Data, source: String = "GPX data") throws {
        let delegate = GPXParserDelegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let parsed = parser.parse()
        // swift-corelibs-foundation's `parse()` returns true even after a fatal error (a mismatched or
        // unclosed tag, a truncated file); `parserError` is set on every platform, so check both.
        guard parsed, parser.parserError == nil else {
            throw GPXError.malformed(source: source, line: parser.lineNumber, reason: Self.reason(parser.parserError))
        }
        if let problem = delegate.problem { throw GPXError.malformed(source: source, line: problem.line, reason: problem.reason) }
        guard delegate.sawRoot else { throw GPXError.malformed(source: source, line: parser.lineNumber, reason: "no <gpx> element") }
        segments = delegate.segments
        routes = delegate.routes
        name = delegate.name
    }
}

extension GPXTrack {
    /// What an XML parser's error means, in words (its own text is "NSXMLParserErrorDomain error 5").
    /// The codes are libxml2's (`xmlParserErrors`), which swift-corelibs-foundation passes on.
    static func reason(_ error: (any Error)?) -> String {
        let words = switch error.map({ ($0 as NSError).code }) {
        case 4: "there is no XML in it (an empty file?)"
        case 5: "the document ends too soon (a file cut short?), or has more after its end"
        case 9: "a character that XML does not allow"
        case 72, 73: "a broken tag"
        case 76: "a closing tag does not match the tag it closes"
        case 77, 85: "a tag is not closed"
        case 86: "there is more after the end of the document"
        default: "a tag not closed or mismatched, or the file cut short"
        }
        return "not well-formed XML: " + words
    }
}

/// Why a GPX file could not be read.
public enum GPXError: Error, Equatable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case malformed(source: String, line: Int, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read GPX file \(path): \(reason)"
        case let .malformed(source, line, reason): "\(source) line \(line) is not valid GPX: \(reason)"
        }
    }
}

/// Collects `trkseg`/`trkpt` elements and their `time` children.
private final class GPXParserDelegate: NSObject, XMLParserDelegate {
    var segments: [[GPXTrack.Point]] = []
    var routes: [[GPXTrack.Point]] = []
    var name: String?
    var problem: (line: Int, reason: String)?
    var sawRoot = false
    private var current: GPXTrack.Point?
    private var text = ""
    private var inTime = false
    private var inName = false
    private var inRoute = false
    private var inWaypoint = false
    private static let isoFormats: [Date.ISO8601FormatStyle] = [
        .iso8601,
        Date.ISO8601FormatStyle(includingFractionalSeconds: true),
    ]

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?,
                qualifiedName: String?, attributes: [String: String] = [:]) {
        switch element {
        case "gpx":
            sawRoot = true
        case "trkseg":
            segments.append([])
        case "rte":
            inRoute = true
            routes.append([])
        case "wpt":
            inWaypoint = true
        case "name" where current == nil && name == nil && !inWaypoint:
            inName = true
            text = ""
        case "trkpt", "rtept":
            guard let lat = attributes["lat"].flatMap(Double.init), let lon = attributes["lon"].flatMap(Double.init),
                  Coordinate(latitude: lat, longitude: lon).isValid
            else {
                problem = problem ?? (parser.lineNumber, "\(element) without a valid lat/lon")
                return
            }
            if element == "trkpt", segments.isEmpty { segments.append([]) }
            if element == "rtept", !inRoute { routes.append([]); inRoute = true }
            current = GPXTrack.Point(coordinate: Coordinate(latitude: lat, longitude: lon), time: nil)
        case "time" where current != nil:
            inTime = true
            text = ""
        default:
            break
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inTime || inName { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        switch element {
        case "time" where inTime:
            inTime = false
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            current?.time = Self.isoFormats.lazy.compactMap { try? $0.parse(value) }.first
        case "name" where inName:
            inName = false
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if !value.isEmpty { name = value }
        case "trkpt":
            if let point = current { segments[segments.count - 1].append(point) }
            current = nil
        case "rtept":
            if let point = current { routes[routes.count - 1].append(point) }
            current = nil
        case "rte":
            inRoute = false
        case "wpt":
            inWaypoint = false
        default:
            break
        }
    }
}
