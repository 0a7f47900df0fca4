import Foundation
import Testing

/// Options of a command group (`stats`, `timezone`, `base`) given before its subcommand, as users
/// type them: `stats --db FILE catches` does what `stats catches --db FILE` does.
@Suite struct CommandGroupCLITests {
    /// Each group's subcommands with `--db` before and after the subcommand's name. Nothing else
    /// names a database (no $WAYMARK_DB): a subcommand that did not get `--db` would read the demo
    /// database, whose answers differ from these, or refuse to write.
    @Test func aGroupTakesTheDatabaseBeforeItsSubcommand() async throws {
        let workspace = try await Workspace.withFixture()
        let db = workspace.env["WAYMARK_DB"]!
        let trip = try workspace.file("trip.geojson", #"""
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [-73.973, 40.767]},
             "properties": {"kind": "trip", "name": "The Pond, at dawn", "start": "2024-05-18T05:30",
               "catches": [{"species": "bluegill", "length_cm": 12}]}}
            """#)
        #expect(try await run(["import", "--db", db, trip]).status == 0)

        /// The command's answer, the same with `--db` at either place.
        func answer(_ group: String, _ subcommand: [String], _ rest: [String]) async throws -> String {
            let before = try await run([group, "--db", db] + subcommand + rest)
            let after = try await run([group] + subcommand + rest + ["--db", db])
            #expect(before.status == 0 && before.stderr.isEmpty, "\(group) --db FILE \(subcommand): \(before)")
            #expect(before.stdout == after.stdout && after.status == 0, "\(group) \(subcommand) --db FILE: \(after)")
            return before.stdout
        }

        let categories = try await answer("stats", ["categories"], [])
        #expect(categories.split(separator: "\n").dropFirst().map { $0.split(separator: " ") }.first == ["do", "poi", "2", "2"], "\(categories)")
        let catches = try await answer("stats", ["catches"], ["--by", "species,year", "--format", "json"])
        #expect(catches.contains(#""species":"bluegill""#), "\(catches)")

        // A zone of Tokyo over New York: the demo database's zones say America/New_York.
        let zones = try workspace.file("zones.geojson", #"""
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"tzid": "Asia/Tokyo"},
             "geometry": {"type": "Polygon", "coordinates": [[[-75, 40], [-73, 40], [-73, 41.5], [-75, 41.5], [-75, 40]]]}}]}
            """#)
        // Imports write: each of the two says what it replaced of the other's (the first, the world's zones the
        // new database was given: one polygon in place of them is allowed, not refused as a cut-short file).
        for arguments in [["timezone", "--db", db, "import", "--allow-shrink", zones], ["timezone", "import", zones, "--db", db]] {
            let imported = try await run(arguments)
            #expect(imported.status == 0 && imported.stdout.hasPrefix("imported 1 polygon(s) of 1 time zone(s)"), "\(arguments): \(imported)")
        }
        // `at` is the default subcommand: `timezone --db FILE --lat …` names none.
        for subcommand in [["at"], []] {
            // At a given time: the answer says the instant it is for, and "now" moves between the two runs.
            let zone = try await answer("timezone", subcommand, ["--lat", "40.75", "--lon", "-73.98", "--at", "2026-06-01T12:00:00Z", "--format", "json"])
            #expect(try json(zone)["zone"] as? String == "Asia/Tokyo", "\(zone)")
        }

        let pond = try workspace.file("pond.geojson", #"""
            {"type": "FeatureCollection", "features": [{"type": "Feature", "properties": {"name": "The Pond"},
             "geometry": {"type": "Polygon", "coordinates": [[[-73.975, 40.766], [-73.972, 40.766], [-73.972, 40.768], [-73.975, 40.768], [-73.975, 40.766]]]}}]}
            """#)
        for arguments in [["base", "--db", db, "import", "--layer", "water", pond], ["base", "import", "--layer", "water", pond, "--db", db]] {
            let base = try await run(arguments)
            #expect(base.status == 0 && base.stdout.hasPrefix("imported 1 water from 1 file(s)"), "\(arguments): \(base)")
        }
    }

    /// Every command group, as `waymark --help` lists them: it takes `--db` when each of its
    /// subcommands does, and takes no option that one of its subcommands does not (the group
    /// would accept it, and that subcommand ignore it).
    @Test func everyGroupSharesWhatItsSubcommandsTake() async throws {
        var groups = 0
        for command in try await subcommands(of: []) {
            let children = try await subcommands(of: [command])
            guard !children.isEmpty else { continue }
            groups += 1
            let own = try await options(of: [command])
            var taken: [Set<String>] = []
            for child in children { taken.append(try await options(of: [command, child])) }
            if taken.allSatisfy({ $0.contains("--db") }) {
                #expect(own.contains("--db"), "every subcommand of \(command) takes --db, \(command) does not")
            }
            for (child, options) in zip(children, taken) {
                #expect(own.isSubset(of: options), "\(command) takes \(own.subtracting(options).sorted()), \(command) \(child) does not")
            }
        }
        #expect(groups >= 3, "stats, timezone and base are groups; \(groups) found")
    }

    /// The subcommands `waymark COMMAND… --help` lists.
    private func subcommands(of command: [String]) async throws -> [String] {
        let help = try await run(command + ["--help"])
        #expect(help.status == 0, "\(command) --help: \(help)")
        guard let list = help.stdout.components(separatedBy: "SUBCOMMANDS:\n").dropFirst().first else { return [] }
        return list.split(separator: "\n").compactMap { line in line.firstMatch(of: #/^  ([a-z][a-z-]*)(?: \(default\))?(?: |$)/#).map { String($0.1) } }
    }

    /// The long options `waymark COMMAND… --help` lists, but --help.
    private func options(of command: [String]) async throws -> Set<String> {
        let help = try await run(command + ["--help"])
        #expect(help.status == 0, "\(command) --help: \(help)")
        let section = help.stdout.components(separatedBy: "OPTIONS:\n").dropFirst().first?.components(separatedBy: "\n\n").first ?? ""
        return Set(section.split(separator: "\n").compactMap { line in line.firstMatch(of: #/^  (?:-[a-zA-Z], )?(--[a-z][a-z-]*)/#).map { String($0.1) } })
            .subtracting(["--help"])
    }
}
