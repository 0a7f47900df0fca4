import Foundation
import GeoCore
import Testing
@testable import GeoStore

/// The hand-written reader of the names, descriptions and images columns against Foundation's
/// JSONDecoder, the oracle: the same value, or both refuse.
@Suite struct JSONColumnsTests {
    func oracleMap(_ text: String) -> [String: String]? { try? JSONDecoder().decode([String: String].self, from: Data(text.utf8)) }
    func oracleList(_ text: String) -> [String]? { try? JSONDecoder().decode([String].self, from: Data(text.utf8)) }

    @Test(arguments: [
        "{}", " { } ", "{\"fi\":\"Kauppatori\",\"sv\":\"Salutorget\"}", "{ \"a\" : \"b\" ,\n\t\"c\":\"d\" }\r\n",
        #"{"q":"say \"hi\"","s":"a\\b","u":"\u0161\u00e9\ud83d\ude00","c":"\b\f\n\r\t\/"}"#, #"{"k":"v","k":"w"}"#, "{\"a\":\"b\",}",
        // Refused:
        "", "{", "}", "{\"a\"}", "{\"a\":}", "{\"a\":\"b\"", "{,}", "{\"a\":1}", "{\"a\":null}", "{\"a\":\"b\"} x",
        "[\"a\"]", "{a:\"b\"}", "{\"a\":\"tab\there\"}", #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":"\ud800"}"#,
        #"{"a":"\ud800\u0041"}"#, #"{"a":"\udc00"}"#, #"{"a":"end\"#, "{\"a\":\"b\"}}", "{'a':'b'}",
    ])
    func mapsAgreeWithJSONDecoder(text: String) {
        #expect(JSON.decode([String: String].self, text) == oracleMap(text), "\(text)")
    }

    @Test(arguments: [
        "[]", " [ ] ", "[\"a\",]", "[\"https://a/b.jpg\",\"x\"]", #"["\/\/", "\u00e9"]"#,
        "", "[", "[,]", "[\"a\" \"b\"]", "[1]", "{}", "[\"a\"]]",
    ])
    func listsAgreeWithJSONDecoder(text: String) {
        #expect(JSON.decode([String].self, text) == oracleList(text), "\(text)")
    }

    @Test func nilTextIsNoValue() {
        #expect(JSON.decode([String: String].self, nil) == nil)
        #expect(JSON.decode([String].self, nil) == nil)
    }

    /// What our own encoder writes reads back, for strings of every awkward kind; and every
    /// mangling of that text is read as the oracle reads it.
    @Test func randomTextsRoundTripAndManglingsAgree() throws {
        var rng = SeededRandom(seed: 7946)
        let pieces = ["a", "ā", "ž", "\"", "\\", "/", "\n", "\t", "\u{01}", "\u{7F}", "😀", "日本", " ", "{", "}", ",", ":"]
        let mangles: [UInt8] = Array("\"\\{}[],: u0aD".utf8)
        for _ in 0..<2_000 {
            let map = Dictionary((0..<Int.random(in: 0...4, using: &rng)).map { _ in
                ((0..<Int.random(in: 0...5, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined(),
                 (0..<Int.random(in: 0...8, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined())
            }, uniquingKeysWith: { a, _ in a })
            let text = JSON.text(map)
            #expect(JSON.decode([String: String].self, text) == map, "\(text)")
            let list = Array(map.values)
            #expect(JSON.decode([String].self, JSON.text(list)) == list)

            // One byte changed, dropped or added, somewhere.
            func mangled(_ text: String) -> String {
                var bytes = Array(text.utf8)
                let at = Int.random(in: 0..<bytes.count, using: &rng)
                switch Int.random(in: 0..<3, using: &rng) {
                case 0: bytes[at] = mangles.randomElement(using: &rng)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(mangles.randomElement(using: &rng)!, at: at)
                }
                return String(decoding: bytes, as: UTF8.self)
            }
            let mangledMap = mangled(text), mangledList = mangled(JSON.text(list))
            #expect(JSON.decode([String: String].self, mangledMap) == oracleMap(mangledMap), "\(mangledMap)")
            #expect(JSON.decode([String].self, mangledList) == oracleList(mangledList), "\(mangledList)")
        }
    }
}
