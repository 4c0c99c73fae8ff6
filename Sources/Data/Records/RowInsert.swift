import GRDB

/// Rows written many to a statement: `INSERT INTO table (columns) VALUES (…), (…), …`, at most
/// `rowsPerStatement` rows each, through the database's statement cache (one statement per row count).
///
/// A checkpoint writes a route point and a sample a fix and a result line a runner; one statement a row
/// cost SQLite about 16 000 instructions each (preparing the step, ending it), more than the row's insert
/// into the table and its index (docs/BENCHMARKS.md, "jobs in batches").
enum RowInsert {
    /// Rows a statement holds at most: 50 rows of 10 columns stay far under SQLite's bound on variables.
    static let rowsPerStatement = 50

    /// Inserts `rows` (each `columns.count` values, in column order) into `table`.
    static func insert(into table: String, columns: [String], rows: [[(any DatabaseValueConvertible)?]], _ db: Database) throws {
        var start = rows.startIndex
        while start < rows.endIndex {
            let end = min(start + rowsPerStatement, rows.endIndex)
            let chunk = rows[start..<end]
            let statement = try db.cachedStatement(sql: sql(into: table, columns: columns, rows: chunk.count))
            var values: [(any DatabaseValueConvertible)?] = []
            values.reserveCapacity(chunk.count * columns.count)
            for row in chunk {
                precondition(row.count == columns.count, "a row of \(table) has \(row.count) values for \(columns.count) columns")
                values.append(contentsOf: row)
            }
            try statement.execute(arguments: StatementArguments(values))
            start = end
        }
    }

    /// The statement for `rows` rows.
    static func sql(into table: String, columns: [String], rows: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns.count).joined(separator: ", ") + ")"
        return "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES "
            + Array(repeating: row, count: rows).joined(separator: ", ")
    }
}
