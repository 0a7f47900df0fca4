import BaseData
import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore
import TestSupport

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let helsinki = packageRoot.appendingPathComponent("Data/base/Helsinki.osm.pbf").path
/// Data the tests may read but the project may not hold (../shared/data/README.md).
let sharedData = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/data")
let andorra = sharedData.appendingPathComponent("osm/andorra.osm.pbf").path
let naturalEarth = sharedData.appendingPathComponent("naturalearth")
let hasAndorra = FileManager.default.fileExists(atPath: andorra)
let hasNaturalEarth = FileManager.default.fileExists(atPath: naturalEarth.appendingPathComponent("ne_50m_lakes.geojson").path)

/// A fresh SpatiaLite file in a folder of its own (for the files a test writes beside it), removed at deinit.
final class BaseFixture {
    let directory: URL
    let store: SpatiaLiteStore

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-base-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = try SpatiaLiteStore(path: directory.appendingPathComponent("base.sqlite").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Imports the files as `waymark base import` does.
    @discardableResult
    func importBase(_ paths: [String], layer: BaseLayer? = nil) throws -> BaseImportSummary {
        try store.importBase(paths.map { path in
            let reader = BaseReader(path: path, layer: layer)
            return BaseSource(name: reader.sourceName) { batch in try reader.read(batch) }
        })
    }

    /// Every stored feature of the band a map at `zoom` reads.
    func features(zoom: Double) throws -> [BaseFeature] {
        try store.baseFeatures(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), zoom: zoom)
    }

    /// The number of stored features of each layer and kind, in every band.
    func counts() throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for zoom in [20.0, 12, 9, 6] {
            for f in try features(zoom: zoom) { counts["z\(Int(zoom)) \(f.layer.rawValue) \(f.kind)", default: 0] += 1 }
        }
        return counts
    }
}

/// GDAL's own answer to an SQL query (ogrinfo, SQLite dialect) on a file: the first integer result.
func ogrCount(_ file: String, _ sql: String) async throws -> Int {
    let output = try await ChildProcess.output(of: "ogrinfo", ["-ro", "-q", "-dialect", "sqlite", "-sql", sql, file])
    guard let line = output.split(separator: "\n").first(where: { $0.contains("(Integer") }),
          let value = line.split(separator: "=").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) else {
        throw OracleFailed(description: "ogrinfo gave no count for \(sql): \(output)")
    }
    return value
}

struct OracleFailed: Error, CustomStringConvertible {
    let description: String
}
