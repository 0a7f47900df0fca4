import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
@testable import PostGISStore
import Testing
import TestSupport

/// README.md's commands as a reader types them: every `$waymark …` line of its ```sh blocks (the
/// CLI tour, the server's), in the README's order, in one directory, so that the tour's imports
/// make the `my.sqlite` its later lines read; the commands without `--db` read the demo database
/// (built from Data/ by the first of them into the directory's cache). A line that exits other than
/// 0 fails the test, naming the line. The executable is the debug build beside the tests, where
/// the README says `waymark=.build/release/waymark`.
///
/// The tour names files a reader has (places.geojson, diary.geojson…): `ReadmeTour.files` makes
/// each, from the repository's files or written here. Data/ is the repository's, linked into the
/// directory. Lines that need PostgreSQL (a postgres:// URL) run against $WAYMARK_TEST_POSTGRES in
/// a schema of their own, else are skipped with a warning saying so; `serve` lines are started on
/// a free port (`--port 0`), asked for /healthz and stopped with SIGTERM, which must end them with 0.
@Test(.timeLimit(.minutes(30))) func everyReadmeCommandRuns() async throws {
    let executable = try #require(waymarkExecutable, "no `waymark` executable beside the tests; run `swift build` first")
    let readme = try String(contentsOf: packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let commands = try ReadmeTour.commands(in: readme)
    // The extraction finds the tour (a README rewritten so that it finds nothing tests nothing).
    let tour = commands.filter { $0.section == "A tour of the CLI" }
    #expect(tour.count >= 30, "only \(tour.count) `$waymark` lines found in the CLI tour")
    #expect(commands.contains { $0.arguments.first == "serve" })
    // The tables name only what the README uses: a line rewritten leaves no stale entry behind.
    let named = Set(commands.flatMap(\.arguments)), lines = Set(commands.map { $0.arguments.joined(separator: " ") })
    #expect(Set(ReadmeTour.files.keys).subtracting(named).isEmpty, "files no README line names: \(Set(ReadmeTour.files.keys).subtracting(named))")
    #expect(Set(ReadmeTour.before.keys).subtracting(lines).isEmpty, "preparations for no README line: \(Set(ReadmeTour.before.keys).subtracting(lines))")

    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-readme-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    try FileManager.default.createSymbolicLink(at: directory.appendingPathComponent("Data"),
                                               withDestinationURL: packageRoot.appendingPathComponent("Data"))
    for (name, file) in ReadmeTour.files {
        let target = directory.appendingPathComponent(name)
        switch file {
        case .repository(let path): try FileManager.default.copyItem(at: packageRoot.appendingPathComponent(path), to: target)
        case .text(let text): try text.write(to: target, atomically: true, encoding: .utf8)
        }
    }

    let postgres = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    let schema = "readme_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
    defer { if let postgres { try? PostGISStore(url: postgres + "?schema=" + schema).execute("DROP SCHEMA IF EXISTS \(schema) CASCADE") } }

    var timings: [(ReadmeCommand, Duration)] = []
    let clock = ContinuousClock()
    for command in commands {
        var command = command
        if command.needsPostgres {
            guard let postgres else {
                Issue.record("\(command) not run: it needs PostgreSQL with PostGIS; set WAYMARK_TEST_POSTGRES to run it", severity: .warning)
                continue
            }
            command = command.replacingPostgresURLs(with: postgres + "?schema=" + schema)
        }
        let environment = childEnvironment(scratch: directory, command.environment)
        for preparation in ReadmeTour.before[command.arguments.joined(separator: " ")] ?? [] {
            let result = try await ChildProcess.run(executable, preparation, environment: environment, directory: directory)
            #expect(result.exit == .init(status: 0, signalled: false),
                    "preparing \(command): `waymark \(preparation.joined(separator: " "))` ended with \(result.exit): \(result.stderr)")
        }
        let start = clock.now
        if command.arguments.first == "serve" {
            try await serve(command, executable: executable, environment: environment, directory: directory)
        } else {
            let result = try await ChildProcess.run(executable, command.arguments, environment: environment, directory: directory)
            #expect(result.exit == .init(status: 0, signalled: false),
                    "\(command)\nended with \(result.exit.signalled ? "signal" : "status") \(result.exit.status):\n\(result.stderr)")
        }
        timings.append((command, clock.now - start))
    }
    let total = timings.reduce(Duration.zero) { $0 + $1.1 }
    print("README commands: \(timings.count) run in \(total); slowest: "
          + timings.sorted { $0.1 > $1.1 }.prefix(5).map { "line \($0.0.line) \($0.1)" }.joined(separator: ", "))
}

/// Runs a `serve` line on a port the system picks (the README's 8080 or 9000 may be taken), asks
/// it for /healthz, and stops it with SIGTERM. No deadline: the server says where it listens or ends.
private func serve(_ command: ReadmeCommand, executable: URL, environment: [String: String], directory: URL) async throws {
    var arguments = command.arguments.map { $0.hasPrefix("--port=") ? "--port=0" : $0 }
    if let port = arguments.firstIndex(of: "--port"), port + 1 < arguments.count {
        arguments[port + 1] = "0"
    } else if !arguments.contains("--port=0") {
        arguments += ["--port", "0"]
    }
    let server = try ChildProcess(executable, arguments, environment: environment, directory: directory)
    defer { server.send(SIGKILL) }
    guard let line = await server.line(where: { $0.contains(#/listening on 127\.0\.0\.1:[0-9]+/#) }),
          let match = line.firstMatch(of: #/listening on 127\.0\.0\.1:([0-9]+)/#) else {
        Issue.record("\(command)\nnever said where it listens: \(server.output)")
        return
    }
    let (_, response) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(match.1)/healthz")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200, "\(command): /healthz")
    server.send(SIGTERM)
    let exit = await server.exit()
    #expect(exit == .init(status: 0, signalled: false), "\(command)\nended with \(exit) on SIGTERM:\n\(server.output)")
}

/// A `$waymark …` line of a README shell block: its line number, the section it is in, the
/// variables set before it (`WAYMARK_DB=… $waymark …`) and its arguments.
struct ReadmeCommand: CustomStringConvertible {
    let line: Int
    let section: String
    let text: String
    var environment: [String: String]
    var arguments: [String]

    var description: String { "README.md:\(line): \(text)" }

    /// Whether it names a PostgreSQL database, in an argument or a variable.
    var needsPostgres: Bool { (arguments + environment.values).contains(where: ReadmeTour.isPostgresURL) }

    /// The command with each postgres:// URL replaced by `url`.
    func replacingPostgresURLs(with url: String) -> ReadmeCommand {
        var copy = self
        copy.arguments = arguments.map { ReadmeTour.isPostgresURL($0) ? url : $0 }
        copy.environment = environment.mapValues { ReadmeTour.isPostgresURL($0) ? url : $0 }
        return copy
    }
}

enum ReadmeTour {
    enum File {
        /// A copy of this file of the repository.
        case repository(String)
        /// These contents.
        case text(String)
    }

    /// The files the README's commands name that a reader brings (everything else they name is
    /// in Data/ or is written by them), made in the tour's directory before its first command.
    static let files: [String: File] = [
        // Workspace.swift's nine places around New York (and one without a position).
        "places.geojson": .text(fixture),
        "cities.csv": .text("""
            geonameid,name,latitude,longitude,countrycode,population,timezone
            3067696,Prague,50.08804,14.42076,CZ,1165581,Europe/Prague
            456172,Riga,56.946,24.10589,LV,742572,Europe/Riga
            3068160,Pilsen,49.74747,13.37759,CZ,168733,Europe/Prague
            """),
        // Two tracks and two waypoints in Slovenia: trips and places.
        "walk.gpx": .repository("Data/gpx/korita-zbevnica.gpx"),
        "objekti.xml": .repository("Data/travel-guide/objekti.xml"),
        "objekti-eng.xml": .repository("Data/travel-guide/objekti-eng.xml"),
        // Two lines of GeoNames' dump as downloaded: a city and a lake.
        "cities15000.txt": .text("""
            456172\tRiga\tRiga\tGorad Ryga,RIX,Riga,Rigae,Ryga,Rīga,Рига\t56.946\t24.10589\tP\tPPLC\tLV\t\t25\t\t\t\t742572\t\t9\tEurope/Riga\t2019-09-05
            459279\tĶīšezers\tKisezers\tKisezers,Ķīšezers\t57.0\t24.16\tH\tLK\tLV\t\t25\t\t\t\t0\t\t1\tEurope/Riga\t2012-01-17

            """),
        "lakes.geojson": .repository("Data/osm/helsinki_waters.geojson"),
        // Files read through GDAL: a KML placemark with a category, a GeoJSON sequence's café.
        "stops.kml": .text("""
            <?xml version="1.0" encoding="UTF-8"?>
            <kml xmlns="http://www.opengis.net/kml/2.2"><Document><Folder><name>stops</name>
            <Placemark><name>Rojas bāka</name><ExtendedData><Data name="category"><value>see</value></Data></ExtendedData>
            <Point><coordinates>22.8061,57.5094</coordinates></Point></Placemark>
            </Folder></Document></kml>

            """),
        "cafes.geojsonl": .text(#"{"type":"Feature","properties":{"name":"Kafe Jūra","category":"eat"},"geometry":{"type":"Point","coordinates":[22.8032,57.5068]}}"# + "\n"),
        // Two good rows around one that `--skip-invalid` reports (a latitude beyond 90).
        "messy.csv": .text("""
            name,lat,lon,category
            Kafe Jūra,57.5068,22.8032,eat
            Nowhere,95,22.8,see
            Rojas bāka,57.5094,22.8061,see
            """),
        // The waters of the diary below (a reservoir and a river stretch in Bohemia).
        "revirs.geojson": .text(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "hracholusky", "properties": {"name": "Hracholusky"},
               "geometry": {"type": "Polygon", "coordinates": [[[13.10, 49.78], [13.16, 49.78], [13.16, 49.80], [13.10, 49.80], [13.10, 49.78]]]}},
              {"type": "Feature", "id": "berounka-1", "properties": {"name": "Berounka 1"},
               "geometry": {"type": "LineString", "coordinates": [[13.38, 49.75], [13.40, 49.77], [13.43, 49.78]]}}
            ]}
            """#),
        // The README's own trip (The angler's diary) and one more.
        "diary.geojson": .text(#"""
            {"type": "FeatureCollection", "features": [
              {"type": "Feature", "id": "2024-05-18-hracholusky",
               "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
               "properties": {"kind": "trip", "name": "Hracholusky, May morning",
                 "start": "2024-05-18T05:30", "end": "2024-05-18T11:00", "timezone": "Europe/Prague",
                 "water": "Hracholusky", "weather": "overcast, 14 °C", "notes": "Boilies by the dam",
                 "catches": [
                   {"species": "carp", "length_cm": 64, "weight_kg": 5.2, "time": "2024-05-18T06:40", "bait": "boilie",
                    "lat": 49.7903, "lon": 13.1497},
                   {"species": "pike", "length_cm": 71, "time": "2024-05-18T09:15+02:00"}]}},
              {"type": "Feature", "id": "2025-06-01-berounka",
               "geometry": {"type": "Point", "coordinates": [13.40, 49.77]},
               "properties": {"kind": "trip", "name": "Berounka, evening", "start": "2025-06-01T18:00",
                 "water": "Berounka 1", "catches": [{"species": "Pstruh obecný", "length_cm": 31, "weight_kg": 0.4}]}},
              {"type": "Feature", "id": "2024-09-07-hracholusky",
               "geometry": {"type": "Point", "coordinates": [13.1495, 49.7902]},
               "properties": {"kind": "trip", "name": "Hracholusky, two nights", "start": "2024-09-06T19:00", "end": "2024-09-08T07:00",
                 "timezone": "Europe/Prague", "water": "Hracholusky", "notes": "Nothing but the wind"}}
            ]}
            """#),
        "roja.csv": .text("""
            id,name,lat,lon,category
            bāka,Rojas bāka,57.5094,22.8061,see
            osta,Rojas osta,57.5105,22.8083,see
            """),
        "old-list.csv": .text("""
            name,lat,lon,category
            Closed café,57.5071,22.8040,eat
            """),
    ]

    /// Commands the tour assumes have run before a line (keyed by the line's arguments), that it
    /// does not show: a source must hold records for `delete --source` to delete them.
    static let before: [String: [[String]]] = [
        "delete --db my.sqlite --source old-list.csv": [["import", "--db", "my.sqlite", "old-list.csv"]],
    ]
    static func isPostgresURL(_ word: String) -> Bool { word.hasPrefix("postgres://") || word.hasPrefix("postgresql://") }

    /// Every `$waymark …` line of the ```sh blocks of `readme`, with the `##`/`###` section it is in.
    static func commands(in readme: String) throws -> [ReadmeCommand] {
        var commands: [ReadmeCommand] = []
        var fence: Substring? = nil, section = ""
        for (index, line) in readme.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let open = fence {
                if trimmed == "```" { fence = nil; continue }
                guard open == "sh" else { continue }
                var words = try ShellWords.split(trimmed, line: index + 1)
                var environment: [String: String] = [:]
                while let first = words.first, let equals = first.firstIndex(of: "="),
                      first[..<equals].wholeMatch(of: #/[A-Za-z_][A-Za-z0-9_]*/#) != nil {
                    environment[String(first[..<equals])] = String(first[first.index(after: equals)...])
                    words.removeFirst()
                }
                guard words.first == "$waymark" else { continue }
                commands.append(ReadmeCommand(line: index + 1, section: section, text: trimmed,
                                              environment: environment, arguments: Array(words.dropFirst())))
            } else if trimmed.hasPrefix("```") {
                fence = trimmed.dropFirst(3)
            } else if let heading = trimmed.firstMatch(of: #/^#{2,} (.+)$/#) {
                section = String(heading.1)
            }
        }
        return commands
    }
}

/// A shell command line's words as sh splits them, for the plain lines a README shows: words
/// between blanks, '…' and "…" quoting, a `#` that starts a word starting a comment. Anything the
/// shell would expand or redirect (`|`, `>`, `$(…)`, a glob, `{a,b}`, `~`) is refused, naming the
/// line, so that a README line this cannot run as written is not run as something else. A word
/// that is `$NAME` alone is kept as written (`$waymark`, which the caller recognises).
enum ShellWords {
    struct Unsupported: Error, CustomStringConvertible {
        let description: String
    }

    static func split(_ text: String, line: Int) throws -> [String] {
        var words: [String] = [], word = "", inWord = false
        var characters = text.makeIterator()
        func unsupported(_ what: String) -> Unsupported {
            Unsupported(description: "README.md:\(line): \(what) in `\(text)`: the README test runs plain commands only")
        }
        while let c = characters.next() {
            switch c {
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            case "#" where !inWord:
                return words
            case "'":
                inWord = true
                while true {
                    guard let q = characters.next() else { throw unsupported("an unclosed '") }
                    if q == "'" { break }
                    word.append(q)
                }
            case "\"":
                inWord = true
                while true {
                    guard let q = characters.next() else { throw unsupported("an unclosed \"") }
                    if q == "\"" { break }
                    if "$`\\".contains(q) { throw unsupported("'\(q)' inside \"…\"") }
                    word.append(q)
                }
            case "$" where !inWord:
                var name = ""
                while let n = characters.next(), n != " " { name.append(n) }
                guard name.wholeMatch(of: #/[A-Za-z_][A-Za-z0-9_]*/#) != nil else { throw unsupported("'$\(name)'") }
                words.append("$" + name)
            case "~" where !inWord:
                throw unsupported("a leading ~")
            case _ where "|&;<>()$`\\*?[]{}".contains(c):
                throw unsupported("'\(c)'")
            default:
                inWord = true
                word.append(c)
            }
        }
        if inWord { words.append(word) }
        return words
    }
}
