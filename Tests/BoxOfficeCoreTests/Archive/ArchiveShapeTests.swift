@testable import BoxOfficeArchive
import BoxOfficeCore
import Foundation
import TestSupport
import Testing

/// A hostile archive file cannot fool or hang a reader: its tables are checked to be what the
/// schema version promises before any use, and every question has a deadline.
struct ArchiveShapeTests {
    static func archiveEdited(_ sql: String) throws -> TemporaryArchiveFolder {
        let folder = TemporaryArchiveFolder()
        let archive = try BoxOfficeArchive(path: folder.file)
        try archive.store(try ArchiveTests.chart(KSTDate(year: 2023, month: 8, day: 18)!), settled: true, fetchedAt: Date())
        let writer = try SQLiteConnection(path: folder.file, readOnly: false)
        try writer.execute(sql)
        return folder
    }

    @Test(arguments: [
        (
            "DROP TABLE nation_chart; CREATE VIEW nation_chart AS SELECT * FROM daily_chart",
            "it has a view, nation_chart"
        ),
        ("CREATE TRIGGER spy AFTER INSERT ON synced_days BEGIN SELECT 1; END", "it has a trigger, spy"),
        ("ALTER TABLE movies DROP COLUMN genre", "its table movies has no column genre"),
        ("DROP TABLE movie_companies", "it has no table movie_companies"),
    ])
    func aFileNotShapedAsTheSchemaPromisesIsRefusedAndLeftAsItIs(sql: String, detail: String) throws {
        let folder = try Self.archiveEdited(sql)
        let before = try Data(contentsOf: URL(fileURLWithPath: folder.file))
        for readOnly in [true, false] {
            let error = try #require(throws: BoxOfficeError.self) { try BoxOfficeArchive(path: folder.file, readOnly: readOnly) }
            guard case .archive(.unexpectedShape(let path, let words)) = error else {
                Issue.record("\(error)")
                continue
            }
            #expect(path == folder.file && words.english == detail)
        }
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.file)) == before)
    }

    @Test func aQuestionThatRunsPastItsDeadlineIsStopped() throws {
        let connection = try SQLiteConnection(path: ":memory:", readOnly: false)
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c"
        #expect(throws: SQLiteFailure.self) { try connection.asking(within: 0.05) { try connection.scalar(endless) } }
        // Outside a question, a statement with no deadline of its own has none.
        #expect(try connection.scalar("SELECT 1") == .integer(1))
    }
}
