@testable import Data
import GRDB
import Testing

@Suite("Rows many to a statement, bound through SQLite's C API")
struct RowInsertTests {
    struct Row: Equatable {
        var name: String
        var value: Double?
        var count: Int
        var flag: Bool
    }

    static let insert = RowInsert(into: "item", columns: ["name", "value", "count", "flag"])

    static func database() throws -> DatabaseQueue {
        let queue = try DatabaseQueue()
        try queue.write { db in
            try db.execute(sql: """
                CREATE TABLE item (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL, value DOUBLE,
                count INTEGER NOT NULL CHECK (count >= 0), flag BOOLEAN NOT NULL)
                """)
        }
        return queue
    }

    static func bind(_ values: inout RowInsert.Values, _ row: Row) {
        values.bind(row.name)
        values.bind(row.value)
        values.bind(row.count)
        values.bind(row.flag)
    }

    static func read(_ queue: DatabaseQueue) throws -> [Row] {
        try queue.read { db in
            try GRDB.Row.fetchAll(db, sql: "SELECT name, value, count, flag, typeof(name) AS nameType FROM item ORDER BY id").map { row in
                #expect(row["nameType"] as String == "text")
                return Row(name: row["name"], value: row["value"], count: row["count"], flag: row["flag"])
            }
        }
    }

    @Test("every row in order, across statements of every size; NULL, empty and non-ASCII texts as they are", arguments: [0, 1, 15, 16, 17, 40, 100])
    func rowsInOrder(count: Int) throws {
        let queue = try Self.database()
        let rows = (0..<count).map { index in
            Row(name: index % 5 == 0 ? "" : "rünner \(index) \"/\\", value: index % 3 == 0 ? nil : Double(index) / 7,
                count: index * 1_000_000_007, flag: index % 2 == 0)
        }
        try queue.write { db in try Self.insert.insert(rows, db, bind: Self.bind) }
        #expect(try Self.read(queue) == rows)
        // The cached statements are used again by the next checkpoint, with new values.
        try queue.write { db in try Self.insert.insert(rows.reversed(), db, bind: Self.bind) }
        #expect(try Self.read(queue) == rows + rows.reversed())
    }

    @Test("a row SQLite refuses is a DatabaseError with SQLite's message, and the transaction writes none of its rows")
    func refusedRow() throws {
        let queue = try Self.database()
        let rows = [Row(name: "a", value: 1, count: 1, flag: true), Row(name: "b", value: 2, count: -1, flag: false)]
        #expect {
            try queue.write { db in try Self.insert.insert(rows, db, bind: Self.bind) }
        } throws: { error in
            guard let error = error as? DatabaseError else { return false }
            return error.resultCode == .SQLITE_CONSTRAINT && error.message?.contains("CHECK constraint failed") == true
        }
        #expect(try Self.read(queue).isEmpty)
        // The statement is usable again afterwards.
        try queue.write { db in try Self.insert.insert(rows.prefix(1), db, bind: Self.bind) }
        #expect(try Self.read(queue) == Array(rows.prefix(1)))
    }

    @Test("a full database is SQLITE_FULL, which the record store reports as a full disk")
    func fullDatabase() throws {
        let queue = try Self.database()
        let rows = (0..<2000).map { Row(name: String(repeating: "x", count: 200) + "\($0)", value: nil, count: $0, flag: true) }
        #expect {
            try queue.write { db in
                let pages = try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 1
                try db.execute(sql: "PRAGMA max_page_count = \(pages + 2)")
                try Self.insert.insert(rows, db, bind: Self.bind)
            }
        } throws: { error in
            guard case .diskFull(let path) = SQLiteRunRecordStore.storeError(error, path: "/data/records.sqlite") else { return false }
            return path == "/data/records.sqlite"
        }
    }
}
