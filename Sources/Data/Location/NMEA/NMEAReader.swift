import Domain
import Foundation

/// Turns NMEA 0183 lines into one `PositionReport` per receiver epoch, from GGA and RMC (other
/// sentences are ignored). Sentences of one epoch share a time of day; an epoch ends when a sentence
/// with another time (or a second GGA or RMC of the same time) arrives, or at `finish()`. Bad checksums and malformed sentences are counted
/// and skipped, never fatal.
public struct NMEAReader: Sendable {
    /// What was produced and skipped so far.
    public private(set) var statistics = SourceStatistics()
    private var epoch: NMEAEpoch?
    private var lastDate: Date?

    /// A reader with no epoch open.
    public init() {}

    /// Feeds one line; returns the report of the epoch it closed, if any.
    public mutating func read(line: Substring) -> PositionReport? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty, trimmed.first != "#" else { return nil }
        let sentence: NMEASentence
        do { sentence = try NMEASentence(line: trimmed) } catch {
            statistics.skip(error.skip)
            return nil
        }
        let isGGA = sentence.type == "GGA"
        guard isGGA || sentence.type == "RMC" else { return nil }
        let timeField = sentence[field: 0]
        let key = timeField.map { "t\($0)" }
            ?? "p\(sentence[field: isGGA ? 1 : 2] ?? "")\(sentence[field: isGGA ? 3 : 4] ?? "")"
        var closed: PositionReport?
        // A new time, or a second GGA (RMC) with the same time, starts a new epoch.
        if let open = epoch, open.key != key || (isGGA ? open.sawGGA : open.sawRMC) {
            closed = close(open)
            epoch = nil
        }
        var current = epoch ?? NMEAEpoch(key: key, timeOfDay: NMEAFields.timeOfDay(timeField))
        if isGGA { current.mergeGGA(sentence) } else { current.mergeRMC(sentence) }
        epoch = current
        return closed
    }

    /// Ends the open epoch (at the end of the input); returns its report, if any.
    public mutating func finish() -> PositionReport? {
        defer { epoch = nil }
        return epoch.flatMap { close($0) }
    }

    /// Reads a whole log.
    public static func reports(from text: String) -> (reports: [PositionReport], statistics: SourceStatistics) {
        var reader = NMEAReader()
        var reports: [PositionReport] = []
        for line in text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline) {
            if let report = reader.read(line: line) { reports.append(report) }
        }
        if let report = reader.finish() { reports.append(report) }
        return (reports, reader.statistics)
    }

    private mutating func close(_ closing: NMEAEpoch) -> PositionReport? {
        if let date = closing.date { lastDate = date }
        switch closing.report(lastDate: lastDate) {
        case .success(let report):
            statistics.fixes += 1
            return report
        case .failure(let reason):
            statistics.skip(reason.skip)
            return nil
        }
    }
}
