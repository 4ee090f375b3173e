import BoxOfficeCore

/// The Korean of every text declared once and written later (a column's heading, a command's or
/// an option's help), by its English: one catalog, read only when a Korean run writes one of
/// them. `CatalogTests` fails, naming it, for a declared text that has no Korean here. Sentences
/// made at the moment they are written say both languages where they are made (`bilingual`).
package enum KoreanCatalog {
    /// English to Korean, in KOFIC's own terms (관객수, 누적관객수, 매출액, 스크린수, 상영횟수…).
    package static let words: [String: String] = columns.merging(help) { first, _ in first }

    /// The headings of tables.
    static let columns: [String: String] = [
        "#": "순위", "Change": "증감", "Title": "영화명", "Opened": "개봉일", "Audience": "관객수", "Total": "누적관객수",
        "Share": "점유율", "Screens": "스크린수", "Shows": "상영횟수", "Poster": "포스터", "Move": "증감", "Day": "개봉 일차",
        "Trend": "추이", "Code": "코드", "Movie code": "영화 코드", "Name": "이름", "English name": "영문명",
        "English title": "영문 제목", "Directors": "감독", "Produced": "제작연도", "Role": "분야", "Filmography": "필모그래피",
        "CEO": "대표자", "Parts": "업종", "Calls": "호출 수", "Limit": "한도", "Used": "사용", "Service": "서비스", "Date": "날짜",
        "Field": "항목", "Statistic": "항목", "Value": "값", "Image URL": "이미지 URL", "Site": "출처", "Size": "크기",
        "Archive": "아카이브", "Days in top 10": "10위권 일수", "Best": "최고 순위", "Distributor": "배급사", "Nation": "국적",
        "Genre": "장르", "Sales": "매출액", "Sales share": "매출액 점유율", "Films": "영화 수", "Days": "일수", "Rank": "순위",
        "Remaining": "남은 호출",
        // The labels of a movie's, a person's and a company's card.
        "Cast": "출연", "Genres": "장르", "Home pages": "홈페이지", "Nations": "국적",
        "Original title": "원제", "Rating": "관람등급", "Runtime": "상영시간", "Sex": "성별", "Status": "제작상태", "Type": "유형",
        "Entries": "항목 수", "Bytes": "바이트", "Kept for good": "계속 보관", "Expired": "만료", "Unreadable": "읽을 수 없음",
    ]

    /// Help: commands' and options' words; filled in `KoreanCatalog+Help.swift`.
    static let help: [String: String] = helpTexts
}

extension String {
    /// The text in the run's language: itself in English, its catalog entry in Korean (itself
    /// where the catalog has none, which `CatalogTests` does not let pass).
    package var localized: String {
        guard Language.current == .ko else { return self }
        return KoreanCatalog.words[self] ?? self
    }
}

/// Days as Korean readers write them.
package enum KoreanDate {
    private static let weekdays = ["일", "월", "화", "수", "목", "금", "토"]

    /// `2023년 8월 18일(금)`, as Korean newspapers write a day.
    package static func long(_ date: KSTDate) -> String {
        "\(date.year)년 \(date.month)월 \(date.day)일(\(weekdays[date.weekday % 7]))"
    }

    /// `8월 11일(금)`: a day without its year.
    package static func monthDay(_ date: KSTDate) -> String {
        "\(date.month)월 \(date.day)일(\(weekdays[date.weekday % 7]))"
    }

    /// A run of days as Korean prose writes it, the parts the first day shares left out of the
    /// last: `2023년 8월 11일(금)~13일(일)`, `2023년 7월 31일(월)~8월 6일(일)`.
    package static func range(_ first: KSTDate, _ last: KSTDate) -> String {
        guard first != last else { return long(first) }
        let end =
            first.year != last.year
            ? long(last) : first.month != last.month ? monthDay(last) : "\(last.day)일(\(weekdays[last.weekday % 7]))"
        return "\(long(first))~\(end)"
    }

    /// `2023년 8월` for a whole month, `2023년` for a whole year, else the range of days.
    package static func period(_ first: KSTDate, _ last: KSTDate) -> String {
        let wholeMonth = first.day == 1 && last.adding(days: 1).day == 1 && first.month == last.month && first.year == last.year
        let wholeYear = first.month == 1 && first.day == 1 && last.month == 12 && last.day == 31 && first.year == last.year
        if wholeYear { return "\(first.year)년" }
        if wholeMonth { return "\(first.year)년 \(first.month)월" }
        return range(first, last)
    }

    /// `2023년 8월 18일`.
    package static func plain(_ date: KSTDate) -> String {
        "\(date.year)년 \(date.month)월 \(date.day)일"
    }

    /// `400만`, `1,000만`, `12만 5,000`: a number of people as Korean counts them, by 만 (10,000).
    package static func count(_ value: Int64) -> String {
        let tenThousands = value / 10_000
        let rest = value % 10_000
        guard tenThousands > 0 else { return NumberText.grouped(value) }
        return NumberText.grouped(tenThousands) + "만" + (rest == 0 ? "" : " " + NumberText.grouped(rest))
    }
}
