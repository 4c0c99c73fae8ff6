import Foundation

/// The `--zones` list: IANA time zone identifiers, comma-separated.
public enum TimeZoneList {
    /// The default list: the seed's example zones plus UTC.
    public static let standard = "Europe/Paris,Asia/Seoul,UTC"

    /// The zones shown when none are named: the local one first — `TZ` (`Europe/Oslo` or `:Europe/Oslo`)
    /// when it names a zone, else the system's — then `standard` without it.
    public static func standard(environment: [String: String], system: TimeZone = .current) -> String {
        let named = environment["TZ"].map { $0.hasPrefix(":") ? String($0.dropFirst()) : $0 }
        let local = named.flatMap { TimeZone(identifier: $0) != nil && !$0.isEmpty ? $0 : nil } ?? system.identifier
        let rest = standard.split(separator: ",").map(String.init).filter { $0 != local }
        return ([local] + rest).joined(separator: ",")
    }

    /// Why a list of zones was refused.
    public struct Invalid: Error, Equatable, CustomStringConvertible {
        /// The names that are not time zones.
        public var unknown: [String]

        public var description: String {
            unknown.isEmpty
                ? "--zones needs at least one time zone, e.g. \(TimeZoneList.standard)"
                : "unknown time zone\(unknown.count > 1 ? "s" : "") \(unknown.joined(separator: ", ")): "
                    + "use IANA names such as Europe/Paris, Asia/Seoul or UTC (see /usr/share/zoneinfo)"
        }
    }

    /// The zones of `text`, in order; throws naming every unknown one.
    public static func parse(_ text: String) throws(Invalid) -> [TimeZone] {
        let names = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let zones = names.map { TimeZone(identifier: $0) }
        let unknown = zip(names, zones).filter { $0.1 == nil }.map(\.0)
        guard !names.isEmpty, unknown.isEmpty else { throw Invalid(unknown: unknown) }
        return zones.compactMap { $0 }
    }
}
