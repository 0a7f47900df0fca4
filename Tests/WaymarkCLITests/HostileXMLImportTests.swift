import Foundation
import Testing

/// Tests/Fixtures/XML: files that crashed `waymark import` (SIGILL, SIGSEGV) or attack XML parsers.
private let xmlFixtures = packageRoot.appendingPathComponent("Tests/Fixtures/XML")

/// `waymark import` of each file: status 1 (an error, not a signal), the file and the reason on
/// stderr, nothing on stdout, and the database as it was, byte for byte.
@Test(arguments: [
    ("non-utf8-element-name.gpx", "Input is not proper UTF-8"),
    ("non-utf8-element-name.xml", "Input is not proper UTF-8"),
    ("billion-laughs.gpx", "declares the entity 'lol'"),
    ("external-entity.gpx", "declares the entity 'xxe'"),
    ("external-parameter-entity.xml", "declares the entity 'remote'"),
    ("external-dtd.gpx", "refers to the undeclared entity '&fromTheDTD;'"),
    // Generated: `<gpx><a><a>…` 70 000 deep, 490 KB.
    ("deep.gpx", "elements nested more than 256 deep (line 1, column 773)"),
    ("deep.xml", "elements nested more than 256 deep (line 1, column 777)"),
])
func hostileXMLImportIsRefused(name: String, reason: String) async throws {
    let workspace = try await Workspace.withFixture()
    let path: String
    if name.hasPrefix("deep.") {
        let root = name.hasSuffix(".gpx") ? "gpx" : "objekti"
        let nested = "<\(root)>" + String(repeating: "<a>", count: 69_999) + String(repeating: "</a>", count: 69_999) + "</\(root)>"
        path = try workspace.file(name, nested)
    } else {
        path = xmlFixtures.appendingPathComponent(name).path
    }
    let database = URL(fileURLWithPath: try #require(workspace.env["WAYMARK_DB"]))
    let before = try Data(contentsOf: database)

    let result = try await run(["import", path], env: workspace.env)
    #expect(result.status == 1, "exit status \(result.status): \(result.stderr)")
    #expect(result.stdout.isEmpty, "\(result.stdout)")
    #expect(result.stderr.contains("\(path): file: ") && result.stderr.contains(reason), "\(result.stderr)")
    #expect(try Data(contentsOf: database) == before)
}
