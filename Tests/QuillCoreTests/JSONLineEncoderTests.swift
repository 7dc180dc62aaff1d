import Foundation
import QuillCore
import QuillTestSupport
import Testing

/// The one writer of every JSON row: valid JSON whatever the strings and numbers.
@Suite struct JSONLineEncoderTests {
    struct Row: Encodable {
        var name: String
        var value: Double
        var values: [Double]
        var count: Int
        var flag: Bool
        var missing: String?
    }

    static func parse(_ line: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
    }

    @Test func nonFiniteNumbersAreNullNeverNanOrInf() throws {
        let line = try JSONLineEncoder().encode(Row(name: "n", value: .nan, values: [.infinity, -.infinity, 1.5], count: 3, flag: true))
        #expect(line == #"{"name":"n","value":null,"values":[null,null,1.5],"count":3,"flag":true}"#)
        let object = try Self.parse(line)
        #expect(object["value"] is NSNull)
    }

    @Test func keysKeepTheirOrderAndFiniteNumbersPrintAsSwiftDoes() throws {
        // Byte for byte what string interpolation printed before (quill 0.4.0's rows).
        for value in [0.1, 5.0, 1e-05, 123456789012.0, 1.0 / 3.0, 1e16, -0.0, 2.5e-300] {
            let line = try JSONLineEncoder().encode(Row(name: "a", value: value, values: [], count: -2, flag: false, missing: "m"))
            #expect(line == "{\"name\":\"a\",\"value\":\(value),\"values\":[],\"count\":-2,\"flag\":false,\"missing\":\"m\"}")
        }
    }

    @Test func seededStringsAndNumbersRoundTrip() throws {
        var random = SeededRandom(seed: 2026)
        let alphabet: [Unicode.Scalar] = ["\"", "\\", "\t", "\n", "\r", "\u{0}", "\u{1f}", "\u{7f}", "é", "✎", "𝒬", "\u{2028}", "a", " ", "/"]
        for _ in 0..<500 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &random) { text.append(alphabet[Int.random(in: 0..<alphabet.count, using: &random)]) }
            let name = String(text)
            let value = Double(bitPattern: random.next())
            let line = try JSONLineEncoder().encode(Row(name: name, value: value, values: [value], count: 0, flag: true))
            #expect(!line.contains("\n"), "one line")
            let object = try Self.parse(line)
            #expect(object["name"] as? String == name)
            if value.isFinite {
                // The text reads back as the very same number (Foundation's own parser rounds
                // some; Swift's does not).
                #expect(Double(JSONLineEncoder.number(value)) == value)
                let parsed = try #require((object["value"] as? NSNumber)?.doubleValue)
                #expect(abs(parsed - value) <= abs(value) * 1e-14)
            } else {
                #expect(object["value"] is NSNull)
            }
        }
    }
}
