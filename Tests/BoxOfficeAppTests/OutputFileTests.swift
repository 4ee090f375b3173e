import Foundation
import Testing
@testable import BoxOfficeApp
@testable import BoxOfficeCore

/// `-o FILE` is checked before any call is spent: a folder that is not there, or part of the path
/// that is a file, is named in the error, not left to the system's words.
@Suite struct OutputFileTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("boxoffice-outputfile-\(UUID().uuidString)")

    @Test func aMissingFolderOrAFileOnThePathIsNamed() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("nonexistent/dir")
        let target = missing.appendingPathComponent("x.jpg").path
        #expect(throws: FileWriteError(path: target, reason: Words("its folder \(missing.path) does not exist", "\(missing.path) 폴더가 없습니다"))) {
            try OutputFile.check(target)
        }
        let file = folder.appendingPathComponent("plain")
        try Data().write(to: file)
        let inside = file.appendingPathComponent("x.jpg").path
        #expect(throws: FileWriteError(path: inside, reason: Words("part of \(file.path) is not a folder", "\(file.path)의 일부가 폴더가 아닙니다"))) {
            try OutputFile.check(inside)
        }
        // Said whole in Korean: no English reason inside the Korean sentence.
        let error = try #require(throws: FileWriteError.self) { try OutputFile.check(target) }
        #expect(Language.$current.withValue(.ko) { error.message } == "\(target)에 쓸 수 없습니다: \(missing.path) 폴더가 없습니다.")
    }
}
