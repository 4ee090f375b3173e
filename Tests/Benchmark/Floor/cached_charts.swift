// The floor for a cached `daily` (one file) and a cached range (many): read each cache entry,
// skip its header line, decode the chart with JSONDecoder and print its rows as TSV or CSV.
// Only the necessary work: no argument parsing, no validation, no mapping to typed values.
import Foundation

struct Body: Decodable {
    struct Result: Decodable {
        let showRange: String
        let dailyBoxOfficeList: [Entry]
    }
    struct Entry: Decodable {
        let rank: String, rankInten: String, rankOldAndNew: String, movieCd: String, movieNm: String, openDt: String
        let audiCnt: String, audiInten: String, audiAcc: String, salesAmt: String, salesShare: String, salesAcc: String
        let scrnCnt: String, showCnt: String
    }
    let boxOfficeResult: Result
}

let arguments = CommandLine.arguments.dropFirst()
let separator = arguments.first == "--csv" ? "," : "\t"
var output = ""
for path in arguments where path != "--csv" {
    guard let data = FileManager.default.contents(atPath: path), let newline = data.firstIndex(of: 10) else { exit(1) }
    let body = try JSONDecoder().decode(Body.self, from: data[data.index(after: newline)...])
    for entry in body.boxOfficeResult.dailyBoxOfficeList {
        output +=
            [
                body.boxOfficeResult.showRange, entry.rank, entry.rankInten, entry.rankOldAndNew, entry.movieCd, entry.movieNm,
                entry.openDt, entry.audiCnt, entry.audiInten, entry.audiAcc, entry.salesAmt, entry.salesShare, entry.salesAcc,
                entry.scrnCnt, entry.showCnt,
            ].joined(separator: separator) + "\n"
    }
}
FileHandle.standardOutput.write(Data(output.utf8))
