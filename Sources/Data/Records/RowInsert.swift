import GRDB
import GRDBSQLite

/// Rows written many to a statement (`INSERT INTO table (columns) VALUES (…), (…), …`, at most
/// `rowsPerStatement` rows each), their values bound straight through SQLite's C API to a statement
/// of the database's cache.
///
/// A checkpoint writes a route point a fix, a sample a runner and second and a line a runner: with 7
/// mates some 50 rows. One statement a row, through `Statement.execute(arguments:)`, cost about 30 000
/// instructions a row: SQLite's start and end of each statement, and GRDB's boxing of every value
/// (`StatementArguments`, `DatabaseValue`, a closure a value to bind it) (docs/BENCHMARKS.md,
/// "records by the statement"). The statement's text for each row count is made once, when the
/// table's `RowInsert` is first used.
struct RowInsert: Sendable {
    /// Rows a statement holds at most (16 rows of 10 columns are 160 variables: SQLite allows 32 766).
    static let rowsPerStatement = 16

    /// `statements[n - 1]` inserts `n` rows.
    private let statements: [String]
    private let columns: Int

    /// The insert of `columns` into `table`.
    init(into table: String, columns: [String]) {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ",") + ")"
        let head = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
        statements = (1...Self.rowsPerStatement).map { head + Array(repeating: row, count: $0).joined(separator: ",") }
        self.columns = columns.count
    }

    /// Inserts `rows`, in order: `bind` binds one row's values, one a column, in column order.
    func insert<Rows: Collection>(_ rows: Rows, _ db: Database, bind: (inout Values, Rows.Element) -> Void) throws {
        var start = rows.startIndex
        var left = rows.count
        while left > 0 {
            let count = min(left, Self.rowsPerStatement)
            let end = rows.index(start, offsetBy: count)
            let statement = try db.cachedStatement(sql: statements[count - 1])
            let raw = statement.sqliteStatement
            sqlite3_reset(raw)
            var values = Values(raw)
            for row in rows[start..<end] { bind(&values, row) }
            precondition(values.bound == count * columns, "bound \(values.bound) values for \(count) rows of \(columns) columns")
            let code = sqlite3_step(raw)
            // SQLite's message is read before the reset, which may replace it.
            let message = code == SQLITE_DONE ? nil : db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
            sqlite3_reset(raw)
            sqlite3_clear_bindings(raw)
            guard code == SQLITE_DONE else {
                throw DatabaseError(resultCode: ResultCode(rawValue: code), message: message, sql: statements[count - 1])
            }
            start = end
            left -= count
        }
    }

    /// The values of a statement's rows, bound one after the other. Texts are copied by SQLite.
    struct Values {
        private let statement: OpaquePointer
        /// How many values are bound so far.
        private(set) var bound: Int32 = 0

        fileprivate init(_ statement: OpaquePointer) { self.statement = statement }

        mutating func bind(_ value: Double) {
            bound += 1
            sqlite3_bind_double(statement, bound, value)
        }

        mutating func bind(_ value: Double?) {
            guard let value else { return bindNull() }
            bind(value)
        }

        mutating func bind(_ value: Int) {
            bound += 1
            sqlite3_bind_int64(statement, bound, Int64(value))
        }

        /// As GRDB stores a `Bool`: 1 or 0.
        mutating func bind(_ value: Bool) {
            bind(value ? 1 : 0)
        }

        mutating func bind(_ value: String) {
            bound += 1
            var value = value
            let index = bound
            value.withUTF8 { utf8 in
                guard let base = utf8.baseAddress else {
                    // An empty text has no address: bound as "" (a text), never as NULL.
                    _ = sqlite3_bind_text(statement, index, "", 0, Self.transient)
                    return
                }
                base.withMemoryRebound(to: CChar.self, capacity: utf8.count) { text in
                    _ = sqlite3_bind_text(statement, index, text, Int32(utf8.count), Self.transient)
                }
            }
        }

        private mutating func bindNull() {
            bound += 1
            sqlite3_bind_null(statement, bound)
        }

        /// `SQLITE_TRANSIENT`: SQLite copies the text before the call returns.
        private static var transient: sqlite3_destructor_type { unsafeBitCast(-1, to: sqlite3_destructor_type.self) }
    }
}
