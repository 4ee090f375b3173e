extension BoxOfficeChart {
    /// Maps a KOBIS chart. An empty or missing list is a chart without movies when its last day
    /// is settled, and `BoxOfficeError.noChartData` when its figures may not be published yet
    /// (so it is never cached). More movies than KOBIS documents, or a figure past
    /// `WireValue.largestCount`, is a malformed answer.
    package init(_ response: BoxOfficeResponse, kind: ChartKind, requested: String, isSettled: Bool = false, filter: ChartFilter = ChartFilter())
        throws
    {
        let result = response.boxOfficeResult
        let wire = WireValue(service: .kobis, body: "box-office")
        guard !result.entries.isEmpty || isSettled else { throw BoxOfficeError.noChartData(requested) }
        guard result.entries.count <= Self.largestEntryCount else {
            throw BoxOfficeError.malformedResponse(
                .kobis, expected: Words("a box-office JSON body", "box-office JSON 본문"),
                detail: Words(
                    "it lists \(result.entries.count) movies, and KOBIS charts hold at most \(Self.largestEntryCount)",
                    "영화 \(result.entries.count)편이 실렸지만 KOBIS 박스오피스는 많아야 \(Self.largestEntryCount)편입니다"))
        }
        let (start, end) = try result.days()
        self.init(
            kind: kind, startDate: start, endDate: end, yearWeek: WireValue.text(result.yearWeekTime),
            entries: try result.entries.map { try ChartEntry($0, wire: wire) }, filter: filter)
    }
}

extension BoxOfficeChart {
    /// KOBIS documents its daily and weekly charts as a top 10 (`itemPerPage` at most 10).
    public static let largestEntryCount = 10
}

extension ChartEntry {
    init(_ dto: BoxOfficeEntryDTO, wire: WireValue) throws {
        guard let rank = try wire.smallCount("rank", dto.rank) else {
            throw BoxOfficeError.malformedResponse(
                .kobis, expected: Words("a box-office JSON body", "box-office JSON 본문"), detail: Words("rank is blank", "rank가 비어 있습니다"))
        }
        let intensity = try wire.decimal("rankInten", dto.rankInten) ?? 0
        guard let rankIntensity = Int(exactly: intensity.rounded()) else {
            throw BoxOfficeError.malformedResponse(
                .kobis, expected: Words("a box-office JSON body", "box-office JSON 본문"),
                detail: Words("rankInten is out of range", "rankInten이 범위를 벗어났습니다"))
        }
        self.init(
            rank: rank, rankIntensity: rankIntensity,
            isNew: WireValue.text(dto.rankOldAndNew)?.uppercased() == "NEW",
            code: WireValue.text(dto.movieCd) ?? "", title: WireValue.text(dto.movieNm) ?? "")
        openDate = try wire.date("openDt", dto.openDt)
        audience = try wire.count("audiCnt", dto.audiCnt)
        audienceChange = try wire.decimal("audiInten", dto.audiInten)
        audienceChangeRate = try wire.decimal("audiChange", dto.audiChange)
        audienceTotal = try wire.count("audiAcc", dto.audiAcc)
        sales = try wire.count("salesAmt", dto.salesAmt)
        salesShare = try wire.decimal("salesShare", dto.salesShare)
        salesChange = try wire.decimal("salesInten", dto.salesInten)
        salesChangeRate = try wire.decimal("salesChange", dto.salesChange)
        salesTotal = try wire.count("salesAcc", dto.salesAcc)
        screens = try wire.smallCount("scrnCnt", dto.scrnCnt)
        shows = try wire.smallCount("showCnt", dto.showCnt)
    }
}
