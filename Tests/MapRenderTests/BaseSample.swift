import Foundation
import GeoCore
import GeoStore
import Stores
import Testing
@testable import MapRender

/// A look at the base under real places, for people: with `WAYMARK_BASE_SAMPLE=DIR` (the GeoJSON
/// layers of ../shared/peers/make-osm-base.sh, plus `places.geojson` of OSM place points) it
/// draws central Helsinki as the Mapnik peer does (../shared/peers/mapnik-helsinki-base.png) to
/// `WAYMARK_BASE_SAMPLE_OUT` (default: DIR/waymark-helsinki-base.png). Not a check: skipped without the data.
@Suite struct BaseSample {
    static let folder = ProcessInfo.processInfo.environment["WAYMARK_BASE_SAMPLE"]

    /// OSM layers as BaseFeatures: the file, the base layer, and the tag that gives the kind.
    static let layers: [(file: String, layer: BaseLayer, kind: [String])] = [
        ("landuse", .landuse, ["landuse"]), ("green", .park, ["leisure", "landuse", "natural"]), ("water", .water, ["natural", "landuse"]),
        ("waterways", .waterway, ["waterway"]), ("buildings", .building, ["building"]), ("roads", .road, ["highway"]),
        ("rail", .rail, ["railway"]), ("places", .place, ["place"]),
    ]

    static func features(in folder: URL) throws -> [BaseFeature] {
        try layers.flatMap { file, layer, kinds -> [BaseFeature] in
            let url = folder.appendingPathComponent(file + ".geojson")
            guard FileManager.default.fileExists(atPath: url.path) else { return [] }
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            return (json["features"] as! [[String: Any]]).compactMap { f in
                let properties = f["properties"] as? [String: Any] ?? [:]
                guard let g = f["geometry"] as? [String: Any], let geometry = geometry(g) else { return nil }
                let kind = kinds.lazy.compactMap { properties[$0] as? String }.first ?? layer.rawValue
                return BaseFeature(layer: layer, kind: kind, name: properties["name"] as? String, geometry: geometry)
            }
        }
    }

    static func geometry(_ g: [String: Any]) -> Geometry? {
        func point(_ p: Any) -> Coordinate { let a = p as! [Double]; return Coordinate(lat: a[1], lon: a[0]) }
        func line(_ l: Any) -> [Coordinate] { (l as! [Any]).map(point) }
        func polygon(_ p: Any) -> [[Coordinate]] { (p as! [Any]).map(line) }
        let c = g["coordinates"] as Any
        switch g["type"] as? String {
        case "Point": return .point(point(c))
        case "LineString": return .lineString(line(c))
        case "MultiLineString": return .multiLineString((c as! [Any]).map(line))
        case "Polygon": return .polygon(polygon(c))
        case "MultiPolygon": return .multiPolygon((c as! [Any]).map(polygon))
        default: return nil
        }
    }

    @Test(.enabled(if: folder != nil)) func helsinki() throws {
        let folder = URL(fileURLWithPath: Self.folder!)
        let base = try Self.features(in: folder)
        let store = try SpatiaLiteStore(path: GoldenTests.database.get())
        let style = try MapStyle.named(ProcessInfo.processInfo.environment["WAYMARK_BASE_SAMPLE_STYLE"] ?? "default")
        let categories: CategoryFilter = ProcessInfo.processInfo.environment["WAYMARK_BASE_SAMPLE_BARE"] == nil ? ["eat", "see", "stay", "cinema"] : ["none"]
        let request = try MapRequest(features: [], categories: categories,
                                     framing: .bbox(BoundingBox(minLon: 24.935, minLat: 60.164, maxLon: 24.953, maxLat: 60.179)),
                                     width: 1024, height: 768, style: style, attribution: ["© OpenStreetMap contributors"], base: base)
            .fetchingFeatures(from: store)
        let start = ContinuousClock.now
        let drawn = try MapRenderer.drawn(request)
        let out = ProcessInfo.processInfo.environment["WAYMARK_BASE_SAMPLE_OUT"] ?? folder.appendingPathComponent("waymark-helsinki-base.png").path
        try drawn.image.write(to: URL(fileURLWithPath: out))
        print("base sample: \(base.count) base features, \(request.features.count) places, \(drawn.baseLabels.count) base names "
              + "(\(drawn.baseLabels.map(\.text).sorted().joined(separator: ", "))), drawn in \(ContinuousClock.now - start) → \(out)")
    }
}
