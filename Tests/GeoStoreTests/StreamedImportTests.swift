import Foundation
import GeoCore
@testable import GeoStore
@testable import SpatiaLiteStore
import Testing
import TestSupport

/// A file streamed into the import (`RecordStream`, `StreamedPlaces`, SpatiaLite's `PlaceStaging`,
/// `PostGISPlaceStaging`): read in chunks and batches, it gives what the whole file read at once
/// gives, and each store keeps the import's rules across batches (the last record of an id,
/// all-or-nothing, rows in Hilbert order).
/// The expectations come from the generator, which knows every row it wrote.
@Suite struct StreamedImportTests {
    /// A temporary file holding `text`, removed with the value.
    final class TextFile {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-stream-\(UUID().uuidString).csv").path
        init(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Rows `P<i>` at seeded positions; every 997th row's description is quoted and holds a line
    /// break and a comma, and rows in `invalid` have the latitude "x". Returns the text and the
    /// line each row starts on.
    static func csv(rows: Int, invalid: Set<Int> = [], padding: Int = 0, extra: [(id: Int, name: String)] = []) -> (text: String, lines: [Int]) {
        var rng = SeededRandom(seed: 7)
        var text = "id,name,category,description,lat,lon\n", line = 2, lines: [Int] = []
        let pad = String(repeating: "w", count: padding)
        for i in 0..<rows + extra.count {
            let (id, name) = i < rows ? (i, "P\(i)") : extra[i - rows]
            let lat = invalid.contains(i) ? "x" : String(Double.random(in: 54...60, using: &rng))
            let description = i % 997 == 0 ? "\"row \(i),\nsecond line \(pad)\"" : "row \(i) \(pad)"
            lines.append(line)
            text += "\(id),\(name),eat,\(description),\(lat),\(Double.random(in: 20...30, using: &rng))\n"
            line += i % 997 == 0 ? 2 : 1
        }
        return (text, lines)
    }

    /// Over 4 MB (two chunks and more) and 16 384 records (two batches and more).
    @Test func aFileReadInChunksReadsAsTheWholeFileAndTheGenerator() throws {
        let rows = 20_000, invalid: Set<Int> = [3, 16_500, 19_999]
        let (text, lines) = Self.csv(rows: rows, invalid: invalid, padding: 450)
        #expect(text.utf8.count > 2 * CSVParser.chunkSize)
        let file = try TextFile(text)
        let whole = try CSVParser.parse(Data(text.utf8), file: file.path, kind: nil)
        let streamed = try CSVParser.stream(path: file.path, kind: nil).materialized()
        #expect(streamed.records.count == rows - invalid.count)
        #expect(streamed.records.map(\.record) == whole.records.map(\.record))
        #expect(streamed.records.map(\.value) == whole.records.map(\.value))
        #expect(streamed.problems.map(\.record) == invalid.sorted().map { "line \(lines[$0])" })
        let valid = (0..<rows).filter { !invalid.contains($0) }
        #expect(streamed.records.map(\.record) == valid.map { "line \(lines[$0])" })
        for (i, r) in zip(valid, streamed.records) where i % 997 == 0 {
            guard case let .place(p) = r.value else { Issue.record("row \(i) is not a place"); continue }
            #expect(p.description == "row \(i),\nsecond line \(String(repeating: "w", count: 450))")
        }
    }

    /// A quote inside an unquoted field is text (`12" pizza`, `O"Brien`), not the start of a
    /// quoted one: the chunks are cut where the parser ends its records, however many stray
    /// quotes come before a field that does span lines.
    @Test func strayQuotesDoNotMoveTheCut() throws {
        let small = "name,lat,lon,description\nO\"Brien,57,24,x\nPub,57,24,\"two\nlines\"\n"
        let smallFile = try TextFile(small)
        let smallStreamed = try CSVParser.stream(path: smallFile.path, kind: nil).materialized()
        #expect(smallStreamed.records.count == 2 && smallStreamed.problems.isEmpty, "\(smallStreamed.problems)")
        var text = "name,lat,lon,description\n"
        for i in 0..<60_000 {
            let name = i % 7 == 0 ? "12\" pizza \(i)" : "P\(i)"
            let description = i % 11 == 0 ? "\"a \"\"quoted\"\" line,\nand another \(i)\"" : "plain \(String(repeating: "v", count: 60))"
            text += "\(name),57,24,\(description)\n"
        }
        #expect(text.utf8.count > CSVParser.chunkSize)
        let file = try TextFile(text)
        let whole = try CSVParser.parse(Data(text.utf8), file: file.path, kind: nil)
        let streamed = try CSVParser.stream(path: file.path, kind: nil).materialized()
        #expect(whole.records.count == 60_000 && whole.problems.isEmpty)
        #expect(streamed.records.map(\.record) == whole.records.map(\.record))
        #expect(streamed.records.map(\.value) == whole.records.map(\.value))
        #expect(streamed.problems.isEmpty, "\(streamed.problems.prefix(3))")
    }

    /// Where the cut falls, worked out by hand: after the last line feed outside quotes as the
    /// parser reads them (a byte order mark before a quoted first field, a doubled quote, a quote
    /// inside unquoted text, CR-only lines).
    @Test func theCutFallsWhereTheParserEndsARecord() {
        let cases: [(text: String, end: Int)] = [
            ("\u{FEFF}\"a,\"\"\"\"\",lat\nx\n", 18),   // the BOM's 3 bytes, then the quoted field a,"" (read as text, the rest would be quoted)
            ("\"a\"\"\nb\",c\n", 10),                  // a doubled quote inside quotes
            ("12\" pizza,x\n\"two\nlines\",y\n", 26),   // a stray quote in unquoted text, then a quoted line feed
            ("\"open\nno close", 0),                 // inside quotes to the end
            ("a\rb\rc", 0),                          // CR only: no record ends
        ]
        for (text, end) in cases {
            var cut = CSVParser.RecordCut()
            #expect(cut.end(of: Data(text.utf8)) == end, "\(text.debugDescription)")
        }
    }

    /// Files read whole beside a streamed one: the last file's record of an id wins, as it did
    /// before streaming, and it is counted once.
    @Test(arguments: StoreKind.available)
    func aStreamedAndAWholeFileKeepTheFilesOrder(_ kind: StoreKind) throws {
        let csv = try TextFile("id,name,category,lat,lon\n1,From the CSV,eat,57,24\n2,Only in the CSV,eat,57.1,24\n")
        let geojson = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-stream-\(UUID().uuidString).geojson").path
        defer { try? FileManager.default.removeItem(atPath: geojson) }
        try #"{"type": "FeatureCollection", "features": [{"type": "Feature", "id": "1", "properties": {"name": "From the GeoJSON", "category": "see"}, "geometry": {"type": "Point", "coordinates": [24.2, 57.2]}}]}"#
            .write(toFile: geojson, atomically: true, encoding: .utf8)
        for (order, winner) in [([csv.path, geojson], "From the GeoJSON"), ([geojson, csv.path], "From the CSV")] {
            let database = TemporaryStore(kind)
            let store = try database.open()
            let summary = try store.importFiles(try FileImport.parse(paths: order, source: "s", streaming: true), skipInvalid: false)
            let places = try Self.stored(store)
            #expect(summary.inserted[.poi] == 2 && places.count == 2)
            #expect(places["1"]?.place.name == winner, "\(order)")
        }
    }

    /// Every stored place by its source id, with its row id.
    static func stored(_ store: any FeatureStore) throws -> [String: (id: Int64, place: PlaceRecord)] {
        var places: [String: (id: Int64, place: PlaceRecord)] = [:]
        try store.exportRecords(.poi) { id, record in
            if case let .place(p) = record { places[p.sourceID ?? ""] = (id, p) }
        }
        return places
    }

    @Test(arguments: StoreKind.available)
    func theLastRecordOfAnIDWinsAcrossBatchesAndImports(_ kind: StoreKind) throws {
        let rows = 40_000
        // Id 5 again in the last batch, id 30 000 twice in one batch, id 100 in the next batch.
        let extra = [(5, "Later 5"), (30_000, "Once more 30000"), (30_000, "Later 30000"), (100, "Later 100")]
        let file = try TextFile(Self.csv(rows: rows, extra: extra).text)
        let database = TemporaryStore(kind)
        let store = try database.open()
        let summary = try store.importFiles(try FileImport.parse(paths: [file.path], source: "s", streaming: true), skipInvalid: false)
        #expect(summary.inserted[.poi] == rows)
        // The places left without a zone (no polygons here) are those stored, each once.
        #expect(summary.zonesMissing == rows && summary.zonesAssigned == 0)
        var places = try Self.stored(store)
        #expect(places.count == rows)
        #expect(places["5"]?.place.name == "Later 5" && places["30000"]?.place.name == "Later 30000" && places["100"]?.place.name == "Later 100")
        #expect(places["6"]?.place.name == "P6")
        // Rows along the Hilbert curve: ids in the order of their positions' curve index.
        let byID = places.values.sorted { $0.id < $1.id }.map { HilbertCurve.index($0.place.location!) }
        #expect(byID == byID.sorted())

        // Into a table that holds rows: a stored id is updated in place, the last of the file winning.
        let again = try TextFile("id,name,category,lat,lon\n5,Third 5,see,57,24\n7,Third 7,see,57,24\n5,Fourth 5,see,57.5,24\n")
        let id5 = places["5"]!.id
        _ = try store.importFiles(try FileImport.parse(paths: [again.path], source: "s", streaming: true), skipInvalid: false)
        places = try Self.stored(store)
        #expect(places.count == rows)
        #expect(places["5"]?.id == id5 && places["5"]?.place.name == "Fourth 5" && places["5"]?.place.location?.lat == 57.5)
        #expect(places["7"]?.place.name == "Third 7")
        // The text index and the spatial index hold the new rows.
        #expect(try store.search(SearchQuery(text: "fourth", limit: 5)).features.map(\.id.row) == [id5])
        let near = try store.nearest(NearestQuery(center: Coordinate(lat: 57.5, lon: 24), limit: 1))
        #expect(near.features.first?.id.row == id5)
    }

    /// Given the world's zones, the places that got the zone of their position are counted once
    /// each, whatever number of records of their id the file held (it counted each record).
    @Test(arguments: StoreKind.available)
    func thePlacesGivenAZoneAreCountedOnceEach(_ kind: StoreKind) throws {
        let rows = 20_000
        let file = try TextFile(Self.csv(rows: rows, extra: [(5, "Later 5"), (19_999, "Later 19999")]).text)
        let database = TemporaryStore(kind)
        let store = try database.open()
        _ = try store.importZones(worldZones)
        let summary = try store.importFiles(try FileImport.parse(paths: [file.path], source: "s", streaming: true), skipInvalid: false)
        #expect(summary.inserted[.poi] == rows && summary.zonesAssigned == rows && summary.zonesMissing == 0)
        #expect(try store.texts("SELECT count(*) FROM poi WHERE timezone IS NOT NULL") == [String(rows)])
    }

    @Test(arguments: StoreKind.available)
    func aBadRowInAnyBatchRefusesTheWholeImportOrIsSkipped(_ kind: StoreKind) throws {
        let rows = 35_000, invalid: Set<Int> = [10, 20_000, 34_999]
        let (text, lines) = Self.csv(rows: rows, invalid: invalid)
        let file = try TextFile(text)
        let database = TemporaryStore(kind)
        let store = try database.open()
        #expect {
            try store.importFiles(try FileImport.parse(paths: [file.path], streaming: true), skipInvalid: false)
        } throws: { error in
            (error as? ImportFailure)?.problems.map(\.record) == invalid.sorted().map { "line \(lines[$0])" }
        }
        #expect(try Self.stored(store).isEmpty)
        let summary = try store.importFiles(try FileImport.parse(paths: [file.path], streaming: true), skipInvalid: true)
        #expect(summary.skipped.map(\.record) == invalid.sorted().map { "line \(lines[$0])" })
        #expect(try Self.stored(store).count == rows - invalid.count)
    }
}
