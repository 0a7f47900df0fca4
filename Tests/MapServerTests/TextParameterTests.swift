import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
@testable import MapServer

/// Text parameters over a real socket: no parameter holds a control character (`TextRule.line`:
/// NUL is refused everywhere else, and the others have no place in a code, a word or a number),
/// and the rules the OpenAPI document states that the server once let pass.
@Suite struct TextParameterTests {
    /// Each text parameter of each kind, with a control character in a value otherwise taken
    /// (`q=a%00b` and `lang=%0C` were answered 200).
    static let controlCharacters: [(uri: String, parameter: String)] = [
        ("/v1/search?q=a%00b", "q"), ("/v1/search?q=kino&kind=poi%00", "kind"), ("/v1/search?q=kino&lang=%0C", "lang"),
        ("/v1/categories?lang=%0C", "lang"), ("/v1/nearest?lat=60&lon=24&lang=en%0A", "lang"), ("/v1/tiles/0/0/0.png?lang=%0C", "lang"),
        ("/v1/base/0/0/0.png?lang=lv%7F", "lang"), ("/v1/map.svg?size=64x64&center=60,24&zoom=3&lang=lv%C2%85", "lang"),
        ("/v1/nearest?lat=60&lon=24&category=eat%09", "category"), ("/v1/nearest?lat=60&lon=24&source=osm%00", "source"),
        ("/v1/nearest?lat=60&lon=24&cursor=%1B", "cursor"), ("/v1/nearest?lat=60%00&lon=24", "lat"),
        ("/v1/bbox?bbox=24.93,60.16,24.96,60.18%0D", "bbox"),
        ("/v1/cinemas?lat=60&lon=24&film=kumm%00eli", "film"), ("/v1/cinemas?lat=60&lon=24&date=2012-05-08%0A", "date"),
        ("/v1/cinemas?lat=60&lon=24&format=json%00", "format"), ("/v1/stats/catches?by=species%0B", "by"),
        ("/v1/map.png?size=64x64%00", "size"), ("/v1/map.png?size=64x64&center=60,24%00&zoom=3", "center"),
        ("/v1/map.png?size=64x64&center=60,24&zoom=3&base=%091", "base"),
        // The page's own parameters, read by its script.
        ("/?hide=eat%00", "hide"), ("/?category=%0C", "category"), ("/?lang=lv%C2%9F", "lang"),
    ]

    @Test(arguments: controlCharacters)
    func aControlCharacterIsA400NamingItsParameter(uri: String, parameter: String) async throws {
        try await withServer { client in
            let error = try await client.json(uri, status: .badRequest)["error"] as? [String: Any]
            #expect(error?["code"] as? String == "invalid_parameter", "\(uri)")
            #expect(error?["parameter"] as? String == parameter, "\(uri): \(error ?? [:])")
            #expect((error?["message"] as? String)?.contains("contains a control character (U+") == true, "\(uri): \(error ?? [:])")
        }
    }

    /// `lang` is a language code, as the document's pattern says (`LanguageCode`); each of these was answered 200.
    @Test(arguments: ["%20lv", "l", "lv-", "-lv", "lv--x", "toolonglang", "lv%20en", "%E2%80%A8", "l%C3%A4", "en-abcdefghi", "zh-" + String(repeating: "Hant-", count: 7) + "x"])
    func aLangThatIsNoLanguageCodeIsA400(_ value: String) async throws {
        try await withServer { client in
            for route in ["/v1/categories?", "/v1/nearest?lat=60&lon=24&", "/v1/tiles/0/0/0.png?"] {
                let error = try await client.json(route + "lang=" + value, status: .badRequest)["error"] as? [String: Any]
                #expect(error?["parameter"] as? String == "lang", "\(route)lang=\(value): \(error ?? [:])")
            }
        }
    }

    @Test func languageCodesAreTaken() async throws {
        try await withServer { client in
            for value in ["lv", "EN", "zh-Hant", "fr_1793", "sr-Latn-RS", "link"] {
                _ = try await client.json("/v1/categories?lang=" + value)
            }
        }
    }

    /// A film of white space alone is blank, as the document's `\S` says, whatever space it is
    /// (U+2028 is not one of Foundation's `whitespaces`).
    @Test func aBlankFilmIsA400() async throws {
        try await withServer { client in
            for value in ["%E2%80%A8", "%E3%80%80%C2%A0", "%20"] {
                let error = try await client.json("/v1/cinemas?lat=60&lon=24&film=" + value, status: .badRequest)["error"] as? [String: Any]
                #expect(error?["parameter"] as? String == "film", "film=\(value): \(error ?? [:])")
            }
        }
    }

    /// q's 200 characters are code points, as JSON Schema's maxLength counts them: 101 letters
    /// each with a combining accent are 202 (and were taken as 101).
    @Test func qIsCountedInCodePoints() async throws {
        try await withServer { client in
            let accented = String(repeating: "e%CC%81", count: 101)
            let error = try await client.json("/v1/search?q=" + accented, status: .badRequest)["error"] as? [String: Any]
            #expect(error?["parameter"] as? String == "q")
            #expect(error?["message"] as? String == "is 202 characters long, more than 200")
            _ = try await client.json("/v1/search?q=" + String(repeating: "e%CC%81", count: 100))
        }
    }
}
