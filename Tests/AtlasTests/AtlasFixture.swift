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

    func batch(_ manifest: String, jobs: Int = 2, force: Bool = false, combine: String? = nil, data: String = "fixture, version 1") throws -> (AtlasManifest, AtlasBatch) {
        let atlas = try AtlasManifest.parse(manifest, file: "test.yaml")
        try atlas.check(against: SpatiaLiteStore(path: database, readOnly: true))
        let path = database
        let batch = AtlasBatch(maps: atlas.maps, options: .init(outputDirectory: output, jobs: jobs, force: force,
                                                              combine: combine.map { output.appendingPathComponent($0) }),
                               dataDate: Date(timeIntervalSince1970: 1_700_000_000), data: data) {
            try SpatiaLiteStore(path: path, readOnly: true)
        }
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        return (atlas, batch)
    }
}

/// Runs a poppler tool (pdfinfo, pdftotext) and returns what it prints.
func poppler(_ tool: String, _ arguments: [String]) async throws -> String {
    try await ChildProcess.output(of: tool, arguments)
}
