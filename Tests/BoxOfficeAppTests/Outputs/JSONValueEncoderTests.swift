@testable import BoxOfficeCore
@testable import BoxOfficeApp
import Foundation
import Testing

/// The encoder that turns the models' `Encodable` conformances into the JSON the CLI prints.
struct JSONValueEncoderTests {
    /// Members in an order no alphabet or hash would give, a nil written and one left out, a
    /// nested object, an array with a gap, and numbers of each kind.
    struct Sample: Encodable {
        var zebra = "z"
        var missing: String?
        var skipped: Int?
        var apple = 1
        var inner = Inner()
        var values: [Int64?] = [1, nil, 1 << 53]
        var share = 32.4
        var whole = 100.0

        struct Inner: Encodable {
            var flag = true
        }

        enum CodingKeys: String, CodingKey {
            case zebra, missing, skipped, apple, inner, values, share, whole
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(zebra, forKey: .zebra)
            try container.encode(missing, forKey: .missing)
            try container.encodeIfPresent(skipped, forKey: .skipped)
            try container.encode(apple, forKey: .apple)
            try container.encode(inner, forKey: .inner)
            try container.encode(values, forKey: .values)
            try container.encode(share, forKey: .share)
            try container.encode(whole, forKey: .whole)
        }
    }

    @Test func membersKeepTheOrderTheyWereEncodedInAndNilIsNull() throws {
        let text = try JSONValueEncoder.encode(Sample()).serialized(compact: true)
        #expect(text == #"{"zebra":"z","missing":null,"apple":1,"inner":{"flag":true},"values":[1,null,9007199254740992],"share":32.4,"whole":100}"#)
    }

    @Test func itAgreesWithFoundationsEncoder() throws {
        let ours = try JSONSerialization.jsonObject(with: Data(JSONValueEncoder.encode(Sample()).serialized().utf8)) as? NSDictionary
        let foundation = try JSONSerialization.jsonObject(with: JSONEncoder().encode(Sample())) as? NSDictionary
        #expect(ours != nil && ours == foundation)
    }

    /// What `JSONEncoder` does with the unusual calls: a key written twice keeps the last value,
    /// a value that writes nothing is `{}`.
    struct Unusual: Encodable {
        enum CodingKeys: String, CodingKey { case first, second }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(1, forKey: .first)
            try container.encode(2, forKey: .second)
            try container.encode(3, forKey: .first)
            var nested = container.nestedUnkeyedContainer(forKey: .second)
            try nested.encode("a")
            try nested.encodeNil()
        }
    }

    struct Nothing: Encodable {
        func encode(to encoder: any Encoder) throws {}
    }

    @Test func aKeyWrittenTwiceKeepsItsPlaceAndTheLastValue() throws {
        #expect(try JSONValueEncoder.encode(Unusual()).serialized(compact: true) == #"{"first":3,"second":["a",null]}"#)
    }

    @Test func scalarsAndEmptyValuesEncodeAsTheyDoInFoundation() throws {
        #expect(try JSONValueEncoder.encode(Nothing()).serialized(compact: true) == "{}")
        #expect(try JSONValueEncoder.encode(UInt64.max).serialized(compact: true) == String(describing: Double(UInt64.max)))
        let gap: [String?] = ["x", nil]
        #expect(try JSONValueEncoder.encode(gap).serialized(compact: true) == #"["x",null]"#)
        #expect(try JSONValueEncoder.encode(-3.5).serialized(compact: true) == "-3.5")
    }
}
