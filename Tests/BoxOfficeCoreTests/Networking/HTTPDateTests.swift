@testable import BoxOfficeCore
import Foundation
import Testing

/// RFC 9110, section 5.6.7: a recipient must accept all three forms of an HTTP date.
struct HTTPDateTests {
    /// 1994-11-06 08:49:37 UTC, the RFC's own example.
    static let example = Date(timeIntervalSince1970: 784_111_777)
    static let now = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14

    @Test func theIMFFixdateIsRead() {
        #expect(HTTPDate.parse("Sun, 06 Nov 1994 08:49:37 GMT", now: Self.now) == Self.example)
    }

    @Test func theRFC850DateIsRead() {
        // 94 is 1994: 2094 would be more than 50 years ahead of 2023.
        #expect(HTTPDate.parse("Sunday, 06-Nov-94 08:49:37 GMT", now: Self.now) == Self.example)
    }

    @Test func anRFC850YearIsTheOneOfTheHundredNearestNow() {
        func year(_ twoDigits: String, now: Date) -> Int? {
            HTTPDate.parse("Monday, 01-Jan-\(twoDigits) 00:00:00 GMT", now: now)
                .map { KSTDate(daysSinceEpoch: Int($0.timeIntervalSince1970 / 86_400)).year }
        }
        #expect(year("23", now: Self.now) == 2023)
        #expect(year("73", now: Self.now) == 2073)
        #expect(year("74", now: Self.now) == 1974)
        #expect(year("00", now: Self.now) == 2000)
        #expect(year("99", now: Self.now) == 1999)
        // Late in a century the next one's early years are near, not a hundred years back.
        let in2090 = Date(timeIntervalSince1970: 3_786_912_000)  // 2090-01-01
        #expect(year("05", now: in2090) == 2105)
        #expect(year("40", now: in2090) == 2140)
        #expect(year("41", now: in2090) == 2041)
    }

    @Test func theAsctimeDateIsReadWithASpaceOrZeroPaddedDay() {
        #expect(HTTPDate.parse("Sun Nov  6 08:49:37 1994", now: Self.now) == Self.example)
        #expect(HTTPDate.parse("Sun Nov 06 08:49:37 1994", now: Self.now) == Self.example)
        #expect(HTTPDate.parse("Wed Nov 16 08:49:37 1994", now: Self.now) == Self.example.addingTimeInterval(10 * 86_400))
    }

    @Test(arguments: [
        // IMF-fixdate
        "Sun, 06 Nov 1994 08:49:37 UTC", "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 6 Nov 1994 08:49:37 GMT",
        "Sun, 31 Nov 1994 08:49:37 GMT", "Sun, 06 Nov 94 08:49:37 GMT", "Sun,  06 Nov 1994 08:49:37 GMT",
        "Sunday, 06 Nov 1994 08:49:37 GMT",
        // RFC 850
        "Sunday, 06-Nov-94 08:49:37 UTC", "Sun, 06-Nov-94 08:49:37 GMT", "Sunday, 06-Nov-1994 08:49:37 GMT",
        "Sunday, 6-Nov-94 08:49:37 GMT", "Sunday, 06-nov-94 08:49:37 GMT", "Sunday, 06-Nov-+4 08:49:37 GMT",
        "Sunday, 06-Nov-94 24:00:00 GMT", "Sunday, 06-Nov 94 08:49:37 GMT", "Sunday, 06-Nov-94 08:49 GMT",
        "Funday, 06-Nov-94 08:49:37 GMT", "Sunday, 30-Feb-94 08:49:37 GMT",
        // asctime
        "Sun Nov 6 08:49:37 1994", "Sun Nov   6 08:49:37 1994", "Sun Nov  6 08:49:37 94",
        "Sun Nov  6 08:49:37 1994 GMT", "Sun Nov  6 08:49:37", "Sun Nov  6 8:49:37 1994", "Sun, Nov  6 08:49:37 1994",
        "Sun Nov  ٦ 08:49:37 1994", "Sun Nov 31 08:49:37 1994", "Sun Nov  6 08:60:37 1994",
        // none
        "", "soon", "Sun",
    ])
    func anythingElseIsNotADate(_ text: String) {
        #expect(HTTPDate.parse(text, now: Self.now) == nil)
    }
}
