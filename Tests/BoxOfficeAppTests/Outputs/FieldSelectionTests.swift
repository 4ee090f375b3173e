import TestSupport
import Testing
@testable import BoxOfficeCore
@testable import BoxOfficeApp

/// `--fields` names are the JSON names: each column's CSV key in camelCase, which the JSON lines carry.
struct FieldSelectionTests {
    @Test func aFieldIsItsCSVKeyInCamelCaseWithURLInCapitals() {
        let names = ["audience_change_rate", "poster_url", "image_url", "kept_for_good", "rank"].map { Column.machine($0).fieldName }
        #expect(names == ["audienceChangeRate", "posterURL", "imageURL", "keptForGood", "rank"])
        #expect(Column(nil).fieldName == nil, "a column only people see has no field")
    }

    @Test func everyFieldOfTheListsIsAMemberOfTheirJSONLines() {
        let outputs: [any Presentable] = [
            ImagesOutput(
                ImageSearchResult(
                    totalCount: 1, pageableCount: 1,
                    images: [ImageResult(imageURL: "https://a.example/p.jpg", width: 1, height: 2, site: "a", documentURL: "d", datetime: "t")])),
            PeopleOutput(PeopleSearchResult(totalCount: 1, people: [PersonSummary(code: "1", name: "봉준호")]), page: 1),
            CompaniesOutput(CompanySearchResult(totalCount: 1, companies: [CompanySummary(code: "1", name: "쇼박스")]), page: 1),
        ]
        for output in outputs {
            let members = Set(output.jsonLines.first?.members.map(\.0) ?? [])
            #expect(!output.document.fieldNames.isEmpty)
            for field in output.document.fieldNames { #expect(members.contains(field), "\(type(of: output)): \(field) not in \(members)") }
        }
    }

    @Test func selectingKeepsTheNamedMembersInTheirOrder() {
        let line = JSONValue.object([("rank", .integer(1)), ("title", .string("밀수")), ("code", .string("20218541"))])
        #expect(line.selecting(["code", "rank", "missing"]).serialized(compact: true) == #"{"code":"20218541","rank":1}"#)
    }
}
