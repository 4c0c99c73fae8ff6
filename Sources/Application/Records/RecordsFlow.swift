import Domain
import Presentation

/// `materunner records`: lists the recorded runs (newest first, optionally one month's), shows one,
/// or sums them up, as text for people or JSON lines for programs (docs/RECORDS.md).
public struct RecordsFlow: Sendable {
    /// What the flow is built from.
    public struct Dependency: Sendable {
        /// The recorded runs.
        public var lookup: RecordLookup
        /// Where the lines go.
        public var output: LineOutput

        /// The flow's dependencies.
        public init(lookup: RecordLookup, output: LineOutput) {
            self.lookup = lookup
            self.output = output
        }
    }

    private let dependency: Dependency

    /// A flow over `dependency`.
    public init(dependency: Dependency) {
        self.dependency = dependency
    }

    // MARK: List

    /// The runs, newest first: only those started in `month` (`YYYY-MM`, UTC) when given. Text is a
    /// table under a header, or one line saying there are none; JSON is one object per run.
    public func list(month: String?, json: Bool) throws(FlowError) {
        let all = try dependency.lookup.all()
        let records: [RunRecord]
        if let month {
            do { records = RecordSummaries.records(all, in: try RecordMonth(parsing: month)) } catch { throw .usage("\(error)") }
        } else {
            records = RecordSummaries.newestFirst(all)
        }
        let bests = Self.courseBests(all)
        if json {
            for record in records { dependency.output.write(try Self.json(RecordLine(record, courseBest: bests.contains(record.id)))) }
        } else if records.isEmpty {
            dependency.output.write("no runs recorded in \(dependency.lookup.location)\(month.map { " in \($0)" } ?? "")")
        } else {
            dependency.output.write(RecordText.grouped(records, among: all))
        }
    }

    // MARK: Show

    /// One run, named by its id or a unique start of it: every detail as text, or its JSON line.
    public func show(id: String, json: Bool) throws(FlowError) {
        let record = try dependency.lookup.record(matching: id)
        if json {
            dependency.output.write(try Self.json(RecordLine(record, courseBest: Self.courseBests(try dependency.lookup.all()).contains(record.id))))
        } else {
            dependency.output.write(RecordText.details(record))
        }
    }

    // MARK: Totals

    /// Lifetime totals, then each month's (newest first), over every run whatever its status.
    public func totals(json: Bool) throws(FlowError) {
        let records = try dependency.lookup.all()
        let lifetime = RecordSummaries.lifetime(records)
        let monthly = RecordSummaries.monthly(records)
        if json {
            dependency.output.write(try Self.json(TotalsLine(lifetime: lifetime, monthly: monthly, courses: RecordSummaries.byCourse(records))))
        } else {
            dependency.output.write([RecordText.totals("lifetime", lifetime)] + monthly.map { RecordText.totals("\($0.month)", $0.totals) })
        }
    }

    /// The ids of the personal records, one per course and goal.
    private static func courseBests(_ records: [RunRecord]) -> Set<String> {
        Set(RecordSummaries.byCourse(records).compactMap { $0.best?.id })
    }

    private static func json(_ value: some Encodable) throws(FlowError) -> String {
        do { return try RecordLine.json(value) } catch { throw FlowError(.software, "cannot encode a record as JSON: \(error)") }
    }
}
