import BoxOfficeCore
import LazySQLite

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value SQLite stores or returns.
public enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
}

/// A failure in SQLite's own words, with its result code.
struct SQLiteFailure: Error {
    let code: Int32
    let message: String
}

/// One SQLite connection, used from one task at a time (the archive guards it with a mutex).
/// Statements are prepared, stepped and finalized within each call; nothing outlives it.
struct SQLiteConnection: ~Copyable {
    private let handle: OpaquePointer
    /// When the statements of a question must have ended (monotonic nanoseconds), 0 outside one:
    /// what `asking(within:)` sets for every statement run inside it.
    private let standing: UnsafeMutablePointer<Int64>

    /// Opens `path`, loading SQLite first if no archive was opened yet. `immutable` (read-only)
    /// reads a file no one writes without the lock and the shared memory a WAL reader needs, which
    /// a folder this process cannot write would refuse it.
    init(path: String, readOnly: Bool, immutable: Bool = false) throws(SQLiteFailure) {
        if let reason = lazy_sqlite_load() {
            throw SQLiteFailure(code: -1, message: String(cString: reason))
        }
        var opened: OpaquePointer?
        let code = immutable ? lazy_sqlite_open_immutable(path, &opened) : lazy_sqlite_open(path, readOnly ? 1 : 0, &opened)
        guard let opened else { throw SQLiteFailure(code: code, message: "out of memory") }
        guard code == Int32(LAZY_SQLITE_OK) else {
            let message = String(cString: lazy_sqlite_message(opened))
            lazy_sqlite_close(opened)
            throw SQLiteFailure(code: code, message: message)
        }
        handle = opened
        standing = .allocate(capacity: 1)
        standing.initialize(to: 0)
    }

    deinit {
        lazy_sqlite_close(handle)
        standing.deallocate()
    }

    /// Runs `body` with every statement in it interrupted `seconds` after now (SQLITE_INTERRUPT),
    /// so that no question a file can make slow runs for ever.
    func asking<Result>(within seconds: Double, _ body: () throws -> Result) rethrows -> Result {
        standing.pointee = Self.monotonicNanoseconds() + Int64(seconds * 1e9)
        defer { standing.pointee = 0 }
        return try body()
    }

    static func monotonicNanoseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec)
    }

    /// Waits up to `milliseconds` for a lock another connection holds before giving up with SQLITE_BUSY.
    func waitForLocks(milliseconds: Int32) {
        lazy_sqlite_busy_timeout(handle, milliseconds)
    }

    /// Sets the longest string or blob a statement may make, in bytes; returns the limit before.
    @discardableResult
    func limitLength(_ bytes: Int32) -> Int32 {
        lazy_sqlite_limit_length(handle, bytes)
    }

    /// Refuses ATTACH, writing pragmas and `load_extension` from now on.
    func refuseWrites() {
        lazy_sqlite_refuse_writes(handle)
    }

    /// Runs statements that return no rows.
    func execute(_ sql: String) throws(SQLiteFailure) {
        guard lazy_sqlite_exec(handle, sql) == Int32(LAZY_SQLITE_OK) else { throw failure() }
    }

    /// Runs one statement with its parameters, handing each row to `row`; `stopAfter` rows at most.
    /// With `readOnly`, a statement that would write is refused before it runs.
    @discardableResult
    func query(
        _ sql: String, _ parameters: [SQLValue] = [], readOnly: Bool = false,
        row: (_ columns: [String], _ values: [SQLValue]) throws -> Bool = { _, _ in true }
    ) throws -> Int {
        var prepared: OpaquePointer?
        var rest: UnsafePointer<CChar>?
        let code = sql.withCString { lazy_sqlite_prepare(handle, $0, &prepared, &rest) }
        guard code == Int32(LAZY_SQLITE_OK) else { throw failure() }
        guard let statement = prepared else { return 0 }
        defer { lazy_sqlite_finalize(statement) }
        if readOnly {
            if let rest, !String(cString: rest).allSatisfy({ $0.isWhitespace || $0 == ";" }) {
                throw SQLiteFailure(code: -1, message: bilingual("one statement at a time", "한 번에 문 하나만 됩니다"))
            }
            guard lazy_sqlite_statement_reads_only(statement) != 0 else {
                throw SQLiteFailure(code: Int32(LAZY_SQLITE_READONLY), message: bilingual("only statements that read are allowed", "읽기만 하는 문만 됩니다"))
            }
        }
        // A value for each placeholder, as many as there are: a missing one would read as NULL,
        // a spare one be dropped, and either answer another question than the one asked.
        let placeholders = Int(lazy_sqlite_bind_parameter_count(statement))
        guard placeholders == parameters.count else {
            let values = parameters.count
            throw SQLiteFailure(
                code: 25,  // SQLITE_RANGE
                message: bilingual(
                    "the statement has \(placeholders) placeholder\(placeholders == 1 ? "" : "s") and \(values) value\(values == 1 ? " was" : "s were") given",
                    "문에 자리표시자가 \(placeholders)개 있는데 값은 \(values)개입니다"))
        }
        for (index, parameter) in parameters.enumerated() {
            let position = Int32(index + 1)
            switch parameter {
            case .null: lazy_sqlite_bind_null(statement, position)
            case .integer(let value): lazy_sqlite_bind_int64(statement, position, value)
            case .real(let value): lazy_sqlite_bind_double(statement, position, value)
            case .text(let value): lazy_sqlite_bind_text(statement, position, value)
            }
        }
        lazy_sqlite_set_deadline(handle, standing.pointee > 0 ? UnsafePointer(standing) : nil)
        defer { lazy_sqlite_set_deadline(handle, nil) }
        let count = Int(lazy_sqlite_column_count(statement))
        let columns = (0..<count).map { String(cString: lazy_sqlite_column_name(statement, Int32($0))) }
        var rows = 0
        while true {
            let stepped = lazy_sqlite_step(statement)
            if stepped == Int32(LAZY_SQLITE_DONE) { return rows }
            guard stepped == Int32(LAZY_SQLITE_ROW) else { throw failure() }
            rows += 1
            let values = (0..<Int32(count)).map { column -> SQLValue in
                switch lazy_sqlite_column_type(statement, column) {
                case Int32(LAZY_SQLITE_INTEGER): .integer(lazy_sqlite_column_int64(statement, column))
                case Int32(LAZY_SQLITE_FLOAT): .real(lazy_sqlite_column_double(statement, column))
                case Int32(LAZY_SQLITE_NULL): .null
                default: lazy_sqlite_column_text(statement, column).map { .text(String(cString: $0)) } ?? .null
                }
            }
            guard try row(columns, values) else { return rows }
        }
    }

    /// The names of the columns a statement returns, without running it.
    func columnNames(of sql: String) throws -> [String] {
        var prepared: OpaquePointer?
        var rest: UnsafePointer<CChar>?
        guard sql.withCString({ lazy_sqlite_prepare(handle, $0, &prepared, &rest) }) == Int32(LAZY_SQLITE_OK) else { throw failure() }
        guard let statement = prepared else { return [] }
        defer { lazy_sqlite_finalize(statement) }
        return (0..<lazy_sqlite_column_count(statement)).map { String(cString: lazy_sqlite_column_name(statement, $0)) }
    }

    /// The first column of the first row.
    func scalar(_ sql: String, _ parameters: [SQLValue] = []) throws -> SQLValue? {
        var found: SQLValue?
        try query(sql, parameters) { _, values in
            found = values.first
            return false
        }
        return found
    }

    private func failure() -> SQLiteFailure {
        SQLiteFailure(code: lazy_sqlite_extended_code(handle), message: String(cString: lazy_sqlite_message(handle)))
    }
}
