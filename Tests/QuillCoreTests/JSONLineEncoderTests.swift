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

    struct Failing: Encodable {
        struct Refused: Error {}
        func encode(to encoder: any Encoder) throws {
            var row = encoder.container(keyedBy: CodingKeys.self)
            try row.encode(1.5, forKey: .a)
            var nested = row.nestedUnkeyedContainer(forKey: .b)
            try nested.encode("half")
            throw Refused()
        }
        enum CodingKeys: String, CodingKey { case a, b }
    }

    struct Nested: Encodable {
        var row: Row
        var rows: [Row]
        var id: UInt64
        var small: Int8
    }

    /// Rows written straight into an output buffer: after what it holds, the same text as
    /// `encode(_:)` gives, nested containers included; a value that throws leaves the buffer as
    /// it was.
    @Test func rowsAppendToABufferAsTheyEncodeAlone() throws {
        var random = SeededRandom(seed: 77)
        let encoder = JSONLineEncoder()
        var buffer: [UInt8] = Array("prefix\n".utf8)
        var expected = "prefix\n"
        for index in 0..<200 {
            let row = Row(name: "r\(index)\u{1}", value: Double(bitPattern: random.next()), values: [Double(index), -0.0], count: Int.random(in: Int.min...Int.max, using: &random), flag: index % 2 == 0, missing: index % 3 == 0 ? nil : "é")
            let value = Nested(row: row, rows: [row, row], id: UInt64.max - UInt64(index), small: Int8.min)
            try encoder.encode(value, appendingTo: &buffer)
            buffer.append(0x0A)
            expected += try encoder.encode(value) + "\n"
            let last = try Self.parse(try encoder.encode(value))
            #expect(last["id"] as? NSNumber == NSNumber(value: UInt64.max - UInt64(index)))
            #expect(last["small"] as? Int == -128)
            // Foundation reads some large integers as decimal numbers (not `Int`): compared as text.
            #expect(((last["row"] as? [String: Any])?["count"] as? NSNumber)?.stringValue == String(row.count))
        }
        #expect(String(decoding: buffer, as: UTF8.self) == expected)
        let before = buffer
        #expect(throws: Failing.Refused.self) { try encoder.encode(Failing(), appendingTo: &buffer) }
        #expect(buffer == before)
        encoder.line(Failing(), appendingTo: &buffer)
        #expect(String(decoding: buffer.suffix(4), as: UTF8.self) == "null")
    }
}
