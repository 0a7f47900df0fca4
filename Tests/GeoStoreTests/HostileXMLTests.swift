import Foundation
@testable import GeoStore
@testable import SpatiaLiteStore
import Testing

/// Tests/Fixtures/XML: files that crashed the XML importers or that attack XML parsers.
let xmlFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/XML")

/// `<root><a><a>…` nested `depth` elements deep in all, closed again.
func nestedXML(root: String, depth: Int) -> String {
    "<\(root)>" + String(repeating: "<a>", count: depth - 1) + String(repeating: "</a>", count: depth - 1) + "</\(root)>"
}

/// GPX and the travel guide's feed read through libxml2: bad bytes, deep nesting and entity
/// tricks are a problem of the file, never a crash, an expansion or a read of another file.
@Suite struct HostileXMLTests {
    /// The problem `FileImport` (the importer's own entry) reports for `path`.
    func problem(importing path: String) -> ImportProblem? {
        #expect(throws: ImportProblem.self) { try FileImport.parse(paths: [path]) }
    }

    @Test(arguments: [
        // Foundation's XMLParser died of SIGILL on these two.
        ("non-utf8-element-name.gpx", "not well-formed XML (Input is not proper UTF-8, indicate encoding ! Bytes: 0xE9 0x74 0x2F 0x3E at line 1, column 2)"),
        ("non-utf8-element-name.xml", "not well-formed XML (Input is not proper UTF-8, indicate encoding ! Bytes: 0xE9 0x74 0x2F 0x3E at line 3, column 61)"),
        ("billion-laughs.gpx", "declares the entity 'lol'; XML entity declarations are refused (line 3, column 21)"),
        ("external-entity.gpx", "declares the entity 'xxe'; XML entity declarations are refused (line 3, column 43)"),
        ("external-parameter-entity.xml", "declares the entity 'remote'; XML entity declarations are refused (line 3, column 57)"),
        ("external-dtd.gpx", "refers to the undeclared entity '&fromTheDTD;' (line 4, column 50)"),
    ])
    func fixtureIsRefusedForTheFile(name: String, reason: String) {
        let path = xmlFixtures.appendingPathComponent(name).path
        #expect(problem(importing: path) == ImportProblem(file: path, record: "file", reason: reason))
    }

    @Test(arguments: [("gpx", "gpx"), ("xml", "objekti")])
    func deepNestingIsRefusedAtTheLimit(fileExtension: String, root: String) throws {
        let scratch = TemporaryDatabase()
        // 70 000 deep (490 KB) overflowed the stack; the limit is 256 deep.
        for depth in [70_000, XMLNode.maximumDepth + 1] {
            let path = scratch.directory.appendingPathComponent("deep-\(depth).\(fileExtension)").path
            try nestedXML(root: root, depth: depth).write(toFile: path, atomically: false, encoding: .utf8)
            // The 257th element's start tag ends at column 5 + 3·256 (`<gpx>`, 255 × `<a>`, `<a>`) for GPX.
            let column = root.count + 2 + 3 * XMLNode.maximumDepth
            #expect(problem(importing: path) == ImportProblem(file: path, record: "file",
                reason: "elements nested more than 256 deep (line 1, column \(column))"))
        }
        // 256 deep is read, and is 256 deep.
        var node = try XMLNode.parse(Data(nestedXML(root: root, depth: XMLNode.maximumDepth).utf8), file: "deep")
        var depth = 1
        while let child = node.children.first { node = child; depth += 1 }
        #expect(depth == XMLNode.maximumDepth)
    }

    @Test func textAndAttributesReadAsBefore() throws {
        // Latin-1 when declared; elements' prefixes dropped, attributes' kept; predefined entities,
        // character references and CDATA.
        var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><g:gpx xmlns:g="http://www.topografix.com/GPX/1/0">"#.utf8)
        data += Data(#"<g:wpt lat=" 45.5" lon="14.5" g:note="a &amp; b &#38; c &lt; &#x10D;"><g:name>Caf"#.utf8) + Data([0xE9])
        data += Data(#" &amp; <![CDATA[<b>&amp;</b>]]> &#x10D;</g:name><desc/></g:wpt></g:gpx>"#.utf8)
        let root = try XMLNode.parse(data, file: "latin1.gpx")
        #expect(root.name == "gpx")
        let wpt = try #require(root.child("wpt"))
        #expect(wpt.attributes == ["lat": " 45.5", "lon": "14.5", "g:note": "a & b & c < č"])
        #expect(wpt.text("name") == "Café & <b>&amp;</b> č")
        #expect(wpt.text("desc") == nil && wpt.children.map(\.name) == ["name", "desc"])
    }

    /// Another vocabulary's `x:lat` never stands in for the position's `lat`, before or after it.
    @Test func aPrefixedAttributeIsNotTheUnprefixedOne() throws {
        let root = try XMLNode.parse(Data(#"<gpx xmlns:x="urn:x"><wpt x:lat="99" lat="1" lon="2" x:lon="98"/></gpx>"#.utf8), file: "x.gpx")
        #expect(root.child("wpt")?.attributes == ["lat": "1", "lon": "2", "x:lat": "99", "x:lon": "98"])
    }

    // Each character of the text is one byte (U+00E9 the byte 0xE9).
    @Test(arguments: [
        // No encoding declared: bytes that are not UTF-8 are refused wherever they are.
        ("<gpx><wpt lat=\"1\" lon=\"2\"><name>R\u{E9}ja</name></wpt></gpx>",
         "Input is not proper UTF-8, indicate encoding ! Bytes: 0xE9 0x6A 0x61 0x3C at line 1, column 34"),
        ("<gpx><wpt lat=\"1\" lon=\"2\"><name>&lt;x\u{0}y</name></wpt></gpx>", "Char 0x0 out of allowed range at line 1, column 38"),
        ("<gpx><trk></gpx>", "Opening and ending tag mismatch: trk line 1 and gpx at line 1, column 17"),
        ("<gpx/><gpx/>", "Extra content at the end of the document at line 1, column 7"),
    ])
    func malformedBytesAreNotWellFormed(bytes: String, message: String) {
        let data = Data(bytes.unicodeScalars.map { UInt8($0.value) })
        let problem = #expect(throws: ImportProblem.self) { try XMLNode.parse(data, file: "bad.gpx") }
        #expect(problem == ImportProblem(file: "bad.gpx", record: "file", reason: "not well-formed XML (\(message))"))
    }

    @Test(arguments: [
        ("<gpx><wpt lat=\"1\" lon=\"2\">", "not well-formed XML: the document ends before </wpt>"),
        ("", "not XML: no root element"),
        ("plain text", "not XML: no root element"),
        ("<?xml version=\"1.0\"?>\n<!-- nothing -->\n", "not XML: no root element"),
    ])
    func documentCutShort(text: String, reason: String) {
        let problem = #expect(throws: ImportProblem.self) { try XMLNode.parse(Data(text.utf8), file: "short.gpx") }
        #expect(problem == ImportProblem(file: "short.gpx", record: "file", reason: reason))
    }

    @Test func oversizedFileIsRefusedUnread() {
        // Data(count:) is zeroed lazily: the guard refuses before a byte is read.
        let problem = #expect(throws: ImportProblem.self) { try XMLNode.parse(Data(count: XMLNode.maximumBytes + 1), file: "big.gpx") }
        #expect(problem?.reason == "\(XMLNode.maximumBytes + 1) bytes; XML files over 128 MB are refused")
    }
}
