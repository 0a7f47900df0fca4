import Foundation
@testable import PostGISStore
import Testing

// A place's population in the CLI's answers (table, json, geojson), and carried by `waymark copy`
// into another file and into PostGIS. The numbers are read from the GeoNames file by the test.

private let postgres = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
private let cities = packageRoot.appendingPathComponent("Data/geonames/geonames_cities500_LV_CZ_tz.csv").path

/// name → population of the rows of the GeoNames file, split by hand (it has no quoted fields).
private func filePopulations() throws -> [String: [Int]] {
    let lines = try String(contentsOfFile: cities, encoding: .utf8).split(whereSeparator: \.isNewline)
    let header = lines[0].split(separator: ",")
    let name = try #require(header.firstIndex(of: "name")), population = try #require(header.firstIndex(of: "population"))
    var result: [String: [Int]] = [:]
    for line in lines.dropFirst() {
        let fields = line.split(separator: ",", omittingEmptySubsequences: false)
        result[String(fields[name]), default: []].append(try #require(Int(fields[population])))
    }
    return result
}

@Test func populationsInTheTableJSONAndGeoJSONAndThroughCopy() async throws {
    let workspace = try Workspace()
    let imported = try await run(["import", cities], env: workspace.env)
    #expect(imported.status == 0 && imported.stdout == "imported 2901 poi from 1 file(s)\n", "\(imported)")
    let expected = try filePopulations()
    let riga = ["--lat", "56.946", "--lon", "24.10589", "--category", "city", "--limit", "5"]

    // The table: a population column, right-aligned, and the file's number on Riga's row.
    let table = try await run(["nearest"] + riga, env: workspace.env)
    #expect(table.status == 0 && table.stderr.isEmpty, "\(table.stderr)")
    // The header, five places, and the cursor of the next page.
    let lines = table.stdout.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("more: ") }
    try #require(lines.count == 6, "\(table.stdout)")
    #expect(lines[0].split(separator: " ") == ["km", "category", "name", "population", "address", "timezone", "id"], "\(lines[0])")
    let populationEnd = try #require(lines[0].range(of: "population")).upperBound.utf16Offset(in: lines[0])
    for line in lines.dropFirst() {
        let cells = line.split(separator: " ")
        let population = try #require(cells.first { $0.allSatisfy(\.isNumber) }, "\(line)")
        #expect(line.range(of: " \(population) ").map { $0.upperBound.utf16Offset(in: line) - 1 } == populationEnd, "\(table.stdout)")
    }
    #expect(lines[1].contains(" Riga ") && lines[1].contains(" \(expected["Riga"]![0]) "), "\(lines[1])")

    // JSON and GeoJSON: every answer's population is the file's for its name.
    let plain = try plainPage(try await run(["nearest", "--format", "json"] + riga, env: workspace.env).stdout).features
    let geo = try #require(try json(try await run(["nearest", "--format", "geojson"] + riga, env: workspace.env).stdout)["features"]
        as? [[String: Any]]).map { $0["properties"] as? [String: Any] ?? [:] }
    for properties in [plain, geo] {
        #expect(properties.count == 5)
        for p in properties {
            let name = try #require(p["name"] as? String), population = try #require(p["population"] as? Int, "\(p)")
            #expect(expected[name]?.contains(population) == true, "\(name): \(population)")
        }
    }

    // Copied into another file, and into PostGIS when there is one: the same answers.
    var copies = [workspace.directory.appendingPathComponent("copy.sqlite").path]
    let schema = "cli_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    if let postgres { copies.append(postgres + "?schema=" + schema) }
    defer { if postgres != nil { try? PostGISStore(url: copies[1]).execute("DROP SCHEMA \(schema) CASCADE") } }
    for target in copies {
        let copied = try await run(["copy", "--from", workspace.env["WAYMARK_DB"]!, "--to", target])
        #expect(copied.status == 0 && copied.stdout == "copied 2901 poi\n", "\(copied)")
        for format in ["table", "json", "geojson"] {
            let original = try await run(["nearest", "--format", format] + riga, env: workspace.env)
            let copy = try await run(["nearest", "--format", format, "--db", target] + riga)
            #expect(copy.stdout == original.stdout, "\(format) from \(target)")
        }
    }
}
