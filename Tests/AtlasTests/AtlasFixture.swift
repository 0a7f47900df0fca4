import BaseData
import Foundation
import GeoCore
import GeoStore
import MapRender
import PixelTesting
import SpatiaLiteStore
import TestSupport
import Testing
@testable import Atlas

/// A scratch database of named places with addresses around Roja (and a few far away, which no
/// map of Roja may list), written as GeoJSON and imported like a user's file.
final class AtlasFixture: @unchecked Sendable {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-atlas-\(UUID().uuidString)")
    var database: String { directory.appendingPathComponent("fixture.sqlite").path }
    var output: URL { directory.appendingPathComponent("out") }
    /// Every place of the fixture: the oracle of what a map must list.
    let places: [(name: String, category: String, coordinate: Coordinate)]

    init() throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var random = SeededRandom(seed: 7)
        let words = ["Jūras", "Ostas", "Priežu", "Kāpu", "Zvejnieku", "Bākas", "Ēnu", "Ķiršu", "Šalkas", "Žagatu", "Čiekuru", "Ņiprā"]
        let categories = ["see", "eat", "stay", "do"]
        var places: [(String, String, Coordinate)] = []
        for i in 0..<90 {
            let c = Coordinate(lat: 57.49 + Double.random(in: 0...0.04, using: &random), lon: 22.76 + Double.random(in: 0...0.09, using: &random))
            places.append(("\(words[i % words.count]) \(["māja", "krogs", "dārzs", "laukums"][i % 4]) \(i)", categories[i % 4], c))
        }
        places.append(("Rīgas pils", "see", Coordinate(lat: 56.951, lon: 24.101)))
        self.places = places
        let features = places.enumerated().map { i, p in
            #"{"type":"Feature","properties":{"name":"\#(p.0)","category":"\#(p.1)","address":"Jūras iela \#(i + 1), Roja"},"geometry":{"type":"Point","coordinates":[\#(p.2.lon),\#(p.2.lat)]}}"#
        }
        let file = directory.appendingPathComponent("places.geojson")
        try #"{"type":"FeatureCollection","features":[\#(features.joined(separator: ","))]}"#.write(to: file, atomically: true, encoding: .utf8)
        _ = try SpatiaLiteStore(path: database).importFiles(FileImport.parse(paths: [file.path]), skipInvalid: false)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// `file`: the manifest's name, which relative files in it are within.
    func batch(_ manifest: String, file: String = "test.yaml", jobs: Int = 2, force: Bool = false, combine: String? = nil,
               data: String = "fixture, version 1", base: MapBase = .database, bases: [String: String] = [:], output: URL? = nil) throws -> (AtlasManifest, AtlasBatch) {
        let atlas = try AtlasManifest.parse(manifest, file: file)
        try atlas.check(against: SpatiaLiteStore(path: database, readOnly: true))
        let path = database, output = output ?? self.output
        let batch = AtlasBatch(maps: atlas.maps, options: .init(outputDirectory: output, jobs: jobs, force: force,
                                                              combine: combine.map { output.appendingPathComponent($0) }, base: base),
                               dataDate: Date(timeIntervalSince1970: 1_700_000_000), data: data, bases: bases) {
            try SpatiaLiteStore(path: path, readOnly: true)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return (atlas, batch)
    }

    /// Central Helsinki's base map (Data/base/Helsinki.osm.pbf), imported as `waymark base import`
    /// does into a database of its own beside the fixture's: its path.
    @discardableResult
    func helsinkiBase(named name: String = "helsinki-base.sqlite") throws -> String {
        let path = directory.appendingPathComponent(name).path
        let extract = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Data/base/Helsinki.osm.pbf").path
        let reader = BaseReader(path: extract, layer: nil)
        _ = try SpatiaLiteStore(path: path).importBase([BaseSource(name: reader.sourceName) { batch in try reader.read(batch) }])
        return path
    }
}

extension AtlasBatch {
    /// A map laid out as the batch lays it out, through connections of its own.
    func layout(_ map: AtlasMap, store: any FeatureStore) throws -> PrintLayout {
        var opened: [String: any BaseMapSource] = [:]
        return try layout(map, store: store, opened: &opened)
    }
}

/// Runs a poppler tool (pdfinfo, pdftotext) and returns what it prints.
func poppler(_ tool: String, _ arguments: [String]) async throws -> String {
    try await ChildProcess.output(of: tool, arguments)
}
