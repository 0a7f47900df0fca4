import ArgumentParser
import BaseData
import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import GeoJSON, CSV, GPX, the travel guide's XML feed, GeoNames dumps, and through GDAL any other vector file (Shapefile, GeoPackage, KML/KMZ, FlatGeobuf, GeoJSON sequences…), all files in one transaction.",
        discussion: """
            Formats: .geojson/.json, .csv (lat/lon columns), .gpx, the travel guide's .xml and GeoNames' .txt dumps are \
            read by Waymark's own readers; any other file through GDAL (every layer, each GeoPackage table), reprojected \
            to WGS84 from its CRS, its fields read as a GeoJSON feature's properties (name, name:xx, category, id, \
            osm_type and osm_id…). A layer without geometry or without features is left out with a note saying so.

            Time zones: a new database (one holding no records and no zones) first gets the world's zone polygons that \
            Data/timezones ships (about 2 MB); then, as in any database holding zone polygons (`waymark timezone \
            import`), every record without a zone gets the zone of its position: the zone whose polygon holds it, the \
            smallest where polygons overlap (they include territorial waters; 1.2 km outside one, their precision, still \
            counts), else Etc/GMT±N by its longitude. Times a file gives without an offset for such a record (a cinema's screenings, a trip's \
            start, end and catches) are read in that zone. A record whose given zone is more than 5 km from its position \
            (Natural Earth's Prague with America/Chicago) is imported with a warning naming it and both zones; \
            --strict-timezones refuses it as an invalid record instead. Without zone polygons (an older database, or no \
            Data/ found) a record keeps what it was given, a cinema without a zone is in UTC, and the import says how \
            many records were left without a zone.

            Identity: a record is its source and its id. The source is --source NAME, else the file's name (osm and \
            geonames for OpenStreetMap and GeoNames records, gpx for GPX, travel-guide for the feed); the id is the \
            feature's id (or an id property or column), else made of its content (name and position; a trip's name and \
            start), so a file imported again updates its rows instead of doubling them. --replace-source makes the \
            source's stored records exactly the files' (those no longer in them are deleted); a replacement that would \
            delete more of a source's records than the files hold of it (an empty file, one cut short) is refused with \
            both counts and changes nothing, unless --allow-shrink. `waymark delete` removes records by id, source or box \
            and category.

            The travel guide's feed (its .xml files, one per language) is a full snapshot: its import replaces the \
            feed's records by default, as --replace-source would, and says how many objects went; --keep-missing keeps \
            those the feed no longer has. An object found in one language's file only is imported with a warning naming \
            it. One language's file alone updates that language's texts and keeps the others' (and the objects only the \
            other language has).

            Cinema programmes (GeoJSON): a Feature with "kind": "cinema" (or "category": "cinema", or --kind cinema), \
            a Point, a name, an optional "timezone" (IANA; else the zone of its position) and "screenings": an array of \
            {"title", "start", "minutes"?, "rating"?, "version"?}, "start" ISO 8601, local to the cinema without an \
            offset ("2012-05-08T17:30") or with one ("2012-05-08T20:45+02:00"). A cinema imported again replaces the \
            programme of the days (local to the cinema) its file is about and keeps the other days, so a programme can \
            be imported a day at a time: give each day's file the same --source (Data/examples/ has one day's file). \
            The days are those in "programme_days" (["2012-05-08", …]), else from the day of its first screening to \
            the last day one belongs to. A cinema's day runs past midnight: a screening before 06:00 belongs to the day \
            before when that is one of the file's, so a day's file with a show at 00:05 never replaces the next day.

            The angler's diary (GeoJSON, --kind trip or "kind": "trip"): "water" names a stored water by its id \
            ("way/8880952") or its name; of several waters of that name the nearest to the trip is taken, with a \
            warning. A trip whose water is not stored is an invalid record: all are listed, and --skip-invalid \
            leaves them out.
            """)
    @OptionGroup var database: DatabaseOptions

    @Option(help: "Store every record as this kind (poi, water, cinema, trip) instead of deciding by its tags.")
    var kind: FeatureKind?

    @Option(help: "Every place's category (eat, see, …), whatever the file says.")
    var category: String?

    @Option(help: ArgumentHelp("Which of the file's fields holds what a record reads, as KEY=FIELD: name=NAZEV, id=KOD, category=TYPE, name:lv=NOSAUKUMS, lat=Y (CSV)…; repeat for each. A field of the file named like a mapped key is then not read.", valueName: "KEY=FIELD"))
    var field: [String] = []

    @Flag(help: "Import the valid records and report the invalid ones instead of refusing the whole import.")
    var skipInvalid = false

    @Flag(help: "Refuse a record whose given time zone does not contain its position, as an invalid record, instead of warning.")
    var strictTimezones = false

    @Option(help: "The name the files' records come from (default: each file's name; gpx and travel-guide for those formats). Records are the same records when their source and id are: a file renamed or dated (plzen-2012-05-09.geojson) updates them under the same --source. OSM and GeoNames records keep their own source.")
    var source: String?

    @Flag(help: "Make the stored records of the files' sources exactly the files' records: those the files no longer hold are deleted, in the same transaction (not for osm and geonames, whose records come from many files).")
    var replaceSource = false

    @Flag(help: "With --replace-source or the travel guide's feed: let a source lose more stored records than the files hold of it (refused without this, as an empty or cut-short file would do).")
    var allowShrink = false

    @Flag(help: "Keep the stored objects that the travel guide's feed no longer has (its import replaces them by default).")
    var keepMissing = false

    @Argument(help: "Files to import (.geojson/.json, .csv, .gpx, .xml, .txt; any other vector file through GDAL: .shp, .gpkg, .kml, .kmz, .fgb, .geojsonl…).")
    var files: [String]

    func validate() throws {
        let feed = files.contains { ImportFormat.detect(path: $0) == .travelGuide }
        if keepMissing && replaceSource { throw ValidationError("--keep-missing: not with --replace-source, which deletes what the files no longer hold") }
        if keepMissing && !feed { throw ValidationError("--keep-missing: only for the travel guide's feed (.xml), the one import that replaces by default") }
        if allowShrink && !replaceSource && (keepMissing || !feed) {
            throw ValidationError("--allow-shrink: only with --replace-source or the travel guide's feed, the replacements an import makes")
        }
    }

    func run() throws {
        try database.writing(importFiles)
    }

    private func importFiles(into store: any FeatureStore) throws {
        let progress = ImportProgress()
        let parsed = try progress.watching(withOptionNames {
            // Streamed (read a batch at a time inside the import) unless a replacement needs them whole.
            try FileImport.parse(paths: files, kind: kind, source: source, mapping: try FieldMapping(parsing: field, category: category),
                                 vectors: VectorFileImport(), streaming: !replaceSource)
        })
        var replaced = Set<String>()
        if replaceSource {
            // Not OSM's or GeoNames': their records come from many files, each holding a part.
            replaced = Set(parsed.flatMap { $0.records.compactMap(\.value.source) }).subtracting(FileImport.globalSources)
            if let source { replaced.insert(source) }
            guard !replaced.isEmpty else { throw ValidationError("--replace-source: the files hold no record to name a source; give --source NAME") }
        } else if !keepMissing {
            replaced = FileImport.snapshotSources(parsed)
        }
        // A new database first gets the shipped zones, in a transaction of their own: a failed
        // import takes them out again (a new SpatiaLite file goes altogether, `DatabaseOptions.writing`).
        var shippedZones: String?
        if try store.isNew(), let shipped = try DefaultDataset.shippedZones() {
            let zones = try store.importZones(try ZoneFileParser.parse(path: shipped))
            shippedZones = shipped
            FileHandle.standardError.write(Data("note: a new database: given the \(zones.polygons) time zone polygon(s) of \(zones.zones) zone(s) in \(shipped), so that each record gets the zone of its position\n".utf8))
        }
        let summary: ImportSummary
        do {
            summary = try withOptionNames {
                try store.importFiles(parsed, skipInvalid: skipInvalid, strictTimezones: strictTimezones, replacingSources: replaced, allowShrink: allowShrink)
            }
            progress.finish()
        } catch {
            progress.finish()
            if let shippedZones { _ = try? store.importZones(ZoneFile(file: shippedZones), allowShrink: true) }
            throw error
        }
        func report(_ label: String, _ problems: [ImportProblem], _ omitted: Int) {
            for problem in problems { FileHandle.standardError.write(Data("\(label) \(problem.said { option(for: $0, in: Self.self) ?? $0.description })\n".utf8)) }
            if omitted > 0 { FileHandle.standardError.write(Data("\(label) … and \(omitted) more\n".utf8)) }
        }
        for note in summary.notes { FileHandle.standardError.write(Data("note: \(note)\n".utf8)) }
        report("skipped", summary.skipped, summary.omittedSkipped)
        report("warning", summary.fileWarnings, summary.omittedFileWarnings)
        report("warning", summary.zoneWarnings, summary.omittedZoneWarnings)
        report("warning", summary.waterWarnings, summary.omittedWaterWarnings)
        if summary.zonesMissing > 0 {
            FileHandle.standardError.write(Data("warning: the database holds no time zone polygons, so \(summary.zonesMissing) record(s) without a zone have none (a cinema's days are UTC's); `waymark timezone import FILE` adds them (Data/timezones has the world's)\n".utf8))
        }
        let counts = FeatureKind.allCases.compactMap { k in summary.inserted[k].map { "\($0) \(k.rawValue)" } }
        print("imported \(counts.isEmpty ? "nothing" : counts.joined(separator: ", ")) from \(files.count) file(s)"
              + (summary.zonesAssigned > 0 ? "; \(summary.zonesAssigned) given the time zone of their position" : "")
              + deletions(summary.deletedBySource, feed: FileImport.snapshotSources(parsed))
              + (summary.skipped.isEmpty ? "" : "; skipped \(summary.skippedCount) invalid record(s)")
              + (summary.zoneWarnings.isEmpty ? "" : "; \(summary.zoneWarningCount) time zone warning(s)")
              + (summary.waterWarnings.isEmpty ? "" : "; \(summary.waterWarnings.count + summary.omittedWaterWarnings) trip(s) linked to the nearest of waters of one name"))
    }

    /// What the replaced sources lost: the feed's objects in its own words, other sources' records by kind.
    private func deletions(_ bySource: [String: DeletedCounts], feed: Set<String>) -> String {
        let others = bySource.filter { !feed.contains($0.key) && !$0.value.isEmpty }
        let removed = bySource.filter { feed.contains($0.key) }.values.flatMap(\.values).reduce(0, +)
        let counts = others.values.reduce(into: DeletedCounts()) { $0.merge($1, uniquingKeysWith: +) }
        return (others.isEmpty ? "" : "; deleted \(Delete.describe(counts)) no longer in \(others.keys.sorted().joined(separator: ", "))")
            + (removed == 0 ? "" : "; removed \(removed) object\(removed == 1 ? "" : "s") the feed no longer has")
    }
}

extension FeatureKind: ExpressibleByArgument {}
