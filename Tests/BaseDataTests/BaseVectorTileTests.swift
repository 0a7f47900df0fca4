import Foundation
import GeoCore
import GeoStore
import MapRender
import Stores
import Testing
import TestSupport

/// The base vector tiles of central Helsinki (Data/base/Helsinki.osm.pbf), decoded by the field's
/// decoders (mapbox-vector-tile and GDAL's MVT driver, in Tests/VectorTileClients/base_tile_check.py)
/// against the store's own rows: brute force over the store's answer for the tile's box at its
/// zoom (of the kinds the style shows there, `BaseStyle.shows`, the rule the PNG base draws by),
/// projected by the Web Mercator formula and cut to the tile by shapely, not by the encoder.
@Suite struct BaseVectorTileTests {
    static let station = Coordinate(lat: 60.1699, lon: 24.9384)
    static let script = packageRoot.appendingPathComponent("Tests/VectorTileClients/base_tile_check.py").path

    /// The box of `tile` grown by `buffer` units, by the inverse of the formula.
    static func box(_ tile: TileID, buffer: Int) -> BoundingBox {
        let n = Double(1 << tile.z), grow = Double(buffer) / 4096
        func lon(_ x: Double) -> Double { x / n * 360 - 180 }
        func lat(_ y: Double) -> Double { atan(sinh(.pi * (1 - 2 * y / n))) * 180 / .pi }
        return BoundingBox(minLon: lon(Double(tile.x) - grow), minLat: lat(Double(tile.y + 1) + grow),
                           maxLon: lon(Double(tile.x + 1) + grow), maxLat: lat(Double(tile.y) - grow))
    }

    static func geoJSON(_ g: Geometry) -> [String: Any] {
        func points(_ cs: [Coordinate]) -> [[Double]] { cs.map { [$0.lon, $0.lat] } }
        return switch g {
        case let .point(c): ["type": "Point", "coordinates": [c.lon, c.lat]]
        case let .multiPoint(cs): ["type": "MultiPoint", "coordinates": points(cs)]
        case let .lineString(cs): ["type": "LineString", "coordinates": points(cs)]
        case let .multiLineString(ls): ["type": "MultiLineString", "coordinates": ls.map(points)]
        case let .polygon(rs): ["type": "Polygon", "coordinates": rs.map(points)]
        case let .multiPolygon(ps): ["type": "MultiPolygon", "coordinates": ps.map { $0.map(points) }]
        }
    }

    /// Encodes `tile` as the server does and hands it to the checker with the store's rows for it.
    static func check(_ tile: TileID, _ fixture: BaseFixture, style: MapStyle) async throws -> (problems: [String], layers: [String: Int], invalid: Int) {
        let base = try #require(style.base)
        let mvt = try BaseVectorTile.encode(tile, base: try fixture.store.baseFeatures(for: Viewport(vectorTile: tile), style: style), style: style)
        let path = fixture.path("\(tile.z)-\(tile.x)-\(tile.y).mvt")
        try mvt.write(to: URL(fileURLWithPath: path))
        // Drawn 512 px wide, a vector tile shows what the next zoom's PNG tiles show.
        let candidates = try fixture.store.baseFeatures(in: box(tile, buffer: BaseVectorTile.buffer), zoom: Double(tile.z + 1))
            .filter { base.shows($0, atZoom: Double(tile.z + 1)) }
            .map { f -> [String: Any] in
                var row: [String: Any] = ["id": f.id!, "layer": f.layer.rawValue, "kind": f.kind, "names": f.names, "rank": f.rank,
                                          "geometry": geoJSON(f.geometry)]
                if let name = f.name { row["name"] = name }
                return row
            }
        let input = try JSONSerialization.data(withJSONObject: ["tile": [tile.z, tile.x, tile.y], "buffer": BaseVectorTile.buffer, "path": path,
                                                                "candidates": candidates])
        let output = try await ChildProcess.output(of: "python3", [script], input: input)
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        return (answer["problems"] as? [String] ?? ["no answer: \(output)"], answer["layers"] as? [String: Int] ?? [:], answer["invalid"] as? Int ?? -1)
    }

    /// The station's tile at zooms 12 to 16 (15 full detail with buildings, 13 the first
    /// generalised band): every row that lies in the tile is there with its kind, names and rank,
    /// each vertex within a unit of where the formula puts it, rings wound as the spec asks and
    /// none crossing or touching itself where rounding folded it (one ring did at 13 and at 15
    /// before `RingUntangling`), every polygon valid by GEOS.
    @Test(arguments: [12, 13, 14, 15, 16])
    func theTileHoldsTheStoresRowsWhereTheyLie(zoom: Int) async throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let (problems, layers, invalid) = try await Self.check(try TileID(containing: Self.station, zoom: zoom), fixture, style: try MapStyle.named("default"))
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        #expect(invalid == 0, "\(invalid) polygons invalid by GEOS")
        // The station's zoom-16 tile holds no water; buildings are shown from zoom 14.
        for layer in ["road", "rail", "landuse"] + (zoom <= 15 ? ["water"] : []) + (zoom >= 14 ? ["building"] : []) {
            #expect((layers[layer] ?? 0) > 0, "no \(layer) in \(layers)")
        }
        print("zoom \(zoom): \(layers), \(invalid) polygons invalid by GEOS")
    }

    /// A 2×2 mosaic at zoom 16 round the station, decoded by mapbox-vector-tile: a road that
    /// crosses a seam in one tile is in the other with the same id, crossing it at the same place.
    @Test func roadsContinueAcrossTheSeamsOfAMosaic() async throws {
        let fixture = try BaseFixture()
        try fixture.importBase([helsinki])
        let style = try MapStyle.named("default"), corner = try TileID(containing: Self.station, zoom: 16)
        var tiles: [[Any]] = []
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let tile = try TileID(z: 16, x: corner.x + dx, y: corner.y + dy)
            let path = fixture.path("\(dx)-\(dy).mvt")
            try BaseVectorTile.encode(tile, base: try fixture.store.baseFeatures(for: Viewport(vectorTile: tile), style: style), style: style)
                .write(to: URL(fileURLWithPath: path))
            tiles.append([dx, dy, path])
        }
        let output = try await ChildProcess.output(of: "python3", ["-c", """
            import json, sys, mapbox_vector_tile
            from shapely.affinity import translate
            from shapely.geometry import LineString, shape
            roads = {}
            for x, y, path in json.loads(sys.argv[1]):
                tile = mapbox_vector_tile.decode(open(path, "rb").read(), default_options={"y_coord_down": True})
                roads[(x, y)] = {f["id"]: translate(shape(f["geometry"]), x * 4096, y * 4096) for f in tile.get("road", {"features": []})["features"]}
            problems, crossings = [], 0
            for a, b in [((0, 0), (1, 0)), ((0, 1), (1, 1)), ((0, 0), (0, 1)), ((1, 0), (1, 1))]:
                # The seam between the two tiles, in world units (4096 a tile).
                if a[0] != b[0]:
                    seam = LineString([(4096, a[1] * 4096), (4096, a[1] * 4096 + 4096)])
                else:
                    seam = LineString([(a[0] * 4096, 4096), (a[0] * 4096 + 4096, 4096)])
                for one, other in [(a, b), (b, a)]:
                    for fid, g in roads[one].items():
                        cut = g.intersection(seam)
                        if cut.is_empty:
                            continue
                        crossings += 1
                        twin = roads[other].get(fid)
                        if twin is None:
                            problems.append(f"road {fid} crosses the seam of {one} but is not in {other}")
                        elif twin.intersection(seam).is_empty or cut.hausdorff_distance(twin.intersection(seam)) > 1.5:
                            problems.append(f"road {fid} crosses the seam of {one} and {other} at other places")
            print(json.dumps({"problems": problems, "crossings": crossings}))
            """, String(decoding: try JSONSerialization.data(withJSONObject: tiles), as: UTF8.self)])
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any], "\(output)")
        let problems = answer["problems"] as? [String] ?? ["no answer: \(output)"]
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        #expect((answer["crossings"] as? Int ?? 0) >= 8, "\(answer)")
    }
}
