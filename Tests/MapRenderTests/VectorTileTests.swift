import Foundation
import GeoCore
import Testing
import TestSupport
@testable import MapRender

/// The annotation vector tile read by the field's decoders (GDAL's MVT driver, PyPI's
/// mapbox-vector-tile), against the PNG tiles' layouts of the same places (the four of the next
/// zoom that a vector tile covers, as it is drawn 512 px wide) and against the places' own Web
/// Mercator positions, computed here from the projection's formula.
@Suite struct VectorTileTests {
    let town = try! TileTests()

    /// A place's position in a tile's units (4096 across), from the spherical Mercator formula.
    static func tileUnits(_ c: Coordinate, _ tile: TileID) -> (x: Double, y: Double) {
        let n = Double(1 << tile.z)
        let x = (c.lon + 180) / 360 * n
        let y = (1 - log(tan(.pi / 4 + c.lat * .pi / 360)) / .pi) / 2 * n
        return ((x - Double(tile.x)) * 4096, (y - Double(tile.y)) * 4096)
    }

    /// A vector tile and its oracle: the PNG layouts of the four tiles of the next zoom that it
    /// covers (it is drawn 512 px wide, at their scale), each laid out on its own from its own
    /// fetch; a mark or label two of them share counts once, a mark's anchor in the vector tile's
    /// pixels (512 a side), a label as "mark|text".
    func tile(_ id: TileID, _ features: [Feature]) throws -> (mvt: Data, marks: [AnnotationLayout.Mark], labels: Set<String>) {
        let mvt = try AnnotationVectorTile.encode(id, features: town.fetched(features, forVectorTile: id), style: town.style)
        let canvas = try Canvas(format: .png, width: 1, height: 1, transparent: true)
        var marks: [String: AnnotationLayout.Mark] = [:], labels = Set<String>()
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let child = try TileID(z: id.z + 1, x: 2 * id.x + dx, y: 2 * id.y + dy)
            let layout = AnnotationLayout(features: town.fetched(features, for: child), viewport: Viewport(tile: child), style: town.style,
                                          language: nil, keepInside: false, measure: { MapRenderer.labelSize($0, style: town.style, on: canvas) })
            for mark in layout.marks {
                marks[mark.group.id] = AnnotationLayout.Mark(group: mark.group, look: mark.look,
                                                             anchor: (mark.anchor.x + Double(256 * dx), mark.anchor.y + Double(256 * dy)), rect: mark.rect)
            }
            labels.formUnion(layout.labels.map { "\($0.groupID)|\($0.lines.joined(separator: "\n"))" })
        }
        return (mvt, Array(marks.values), labels)
    }

    /// GDAL reads the tile as a georeferenced file: every mark and label of the PNG tile's layout,
    /// with its counts and categories, and each pin within one tile unit of its place.
    @Test func gdalReadsTheTilesMarksWhereThePlacesAre() async throws {
        // The tile whose four PNG tiles of the next zoom hold clusters, pins and names.
        let features = town.town(), id = try TileID(z: town.northWest.z - 1, x: town.northWest.x / 2, y: town.northWest.y / 2)
        let (mvt, expectedMarks, expectedLabels) = try tile(id, features)
        #expect(!expectedLabels.isEmpty && expectedMarks.contains { $0.group.isCluster } && expectedMarks.contains { $0.look.shape == .teardrop })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-mvt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("tile.mvt")
        try mvt.write(to: file)

        func read(_ layer: String) async throws -> [[String: Any]] {
            let out = folder.appendingPathComponent("\(layer).geojson")
            _ = try await ChildProcess.output(of: "ogr2ogr", ["-f", "GeoJSON", "-oo", "Z=\(id.z)", "-oo", "X=\(id.x)", "-oo", "Y=\(id.y)",
                                                              "-oo", "CLIP=NO", out.path, file.path, layer])
            let json = try JSONSerialization.jsonObject(with: Data(contentsOf: out)) as! [String: Any]
            return json["features"] as! [[String: Any]]
        }
        // EPSG:3857 metres back to the tile's units.
        let half = 20_037_508.342789244, span = 2 * half / Double(1 << id.z)
        func units(_ feature: [String: Any]) -> (x: Double, y: Double) {
            let xy = (feature["geometry"] as! [String: Any])["coordinates"] as! [Double]
            return ((xy[0] + half - Double(id.x) * span) / span * 4096, (half - xy[1] - Double(id.y) * span) / span * 4096)
        }

        let marks = try await read("marks")
        #expect(marks.count == expectedMarks.count)
        let byID = Dictionary(uniqueKeysWithValues: marks.map { (($0["properties"] as! [String: Any])["id"] as! String, $0) })
        let places = Dictionary(uniqueKeysWithValues: features.map { ($0.id.description, $0) })
        for mark in expectedMarks {
            let decoded = try #require(byID[mark.group.id], "mark \(mark.group.id)")
            let p = decoded["properties"] as! [String: Any]
            #expect(p["count"] as? Int == mark.group.members.count)
            // The feature id as GDAL holds it (a signed 64-bit integer) and JavaScript (a double): below 2^53.
            let mvtID = try #require((p["mvt_id"] as? NSNumber)?.int64Value, "\(p)")
            #expect(mvtID >= 0 && mvtID < 1 << 53)
            #expect(p["category"] as? String == mark.group.category)
            let at = units(decoded)
            #expect(abs(at.x - mark.anchor.x * 8) <= 1 && abs(at.y - mark.anchor.y * 8) <= 1, "\(mark.group.id)")
            if mark.group.isCluster {
                #expect(p["categories"] as? String == mark.group.categories.map { "\($0.code):\($0.count)" }.joined(separator: ","))
            } else {
                let place = try #require(places[p["feature"] as! String])
                #expect(p["name"] as? String == mark.group.members[0].label && mark.group.members[0].label != nil)
                // A pin stands on its place; a dot is kept whole inside its cell, a few pixels off it.
                if mark.look.shape == .teardrop {
                    let expected = Self.tileUnits(try #require(place.geometry.coordinates.first), id)
                    #expect(abs(at.x - expected.x) <= 1 && abs(at.y - expected.y) <= 1, "\(place.id): \(at) against \(expected)")
                }
            }
        }
        let labels = try await read("labels")
        let decodedLabels = Set(labels.map { f in
            let p = f["properties"] as! [String: Any]
            return "\(p["mark"] as! String)|\(p["text"] as! String)"
        })
        #expect(decodedLabels == expectedLabels)
    }

    /// mapbox-vector-tile decodes each tile of a 2×2 mosaic; a mark or label that two tiles share
    /// has the same id and stands at the same place of the world in both.
    @Test func aMosaicAgreesAtItsSeams() async throws {
        let features = town.town()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-mvt-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var tiles: [(TileID, URL, [AnnotationLayout.Mark], Set<String>)] = []
        for (dx, dy) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
            let id = try TileID(z: town.northWest.z, x: town.northWest.x + dx, y: town.northWest.y + dy)
            let (mvt, marks, labels) = try tile(id, features)
            let file = folder.appendingPathComponent("\(dx)-\(dy).mvt")
            try mvt.write(to: file)
            tiles.append((id, file, marks, labels))
        }
        let script = """
            import json, sys, mapbox_vector_tile
            out = {}
            for path in sys.argv[1:]:
                tile = mapbox_vector_tile.decode(open(path, "rb").read(), default_options={"y_coord_down": True})
                out[path] = {name: [{"id": str(f["id"]), "at": f["geometry"]["coordinates"], "p": f["properties"]}
                                    for f in layer["features"]] for name, layer in tile.items()}
                out[path]["extent"] = [layer["extent"] for layer in tile.values()]
            print(json.dumps(out))
            """
        let decoded = try JSONSerialization.jsonObject(with: Data(try await ChildProcess.output(of: "python3", ["-c", script] + tiles.map(\.1.path)).utf8)) as! [String: [String: Any]]

        // Every decoded feature, by layer and id, with its position in world tile units (4096 a tile).
        var seen: [String: (x: Double, y: Double)] = [:]
        var shared = 0
        for (id, file, expectedMarks, expectedLabels) in tiles {
            let tile = try #require(decoded[file.path])
            #expect((tile["extent"] as? [Int])?.allSatisfy { $0 == 4096 } == true)
            let marks = tile["marks"] as? [[String: Any]] ?? [], labels = tile["labels"] as? [[String: Any]] ?? []
            #expect(marks.count == expectedMarks.count && labels.count == expectedLabels.count)
            #expect(Set(marks.map { ($0["p"] as! [String: Any])["id"] as! String }) == Set(expectedMarks.map(\.group.id)))
            for (layer, features) in [("marks", marks), ("labels", labels)] {
                for f in features {
                    let p = f["p"] as! [String: Any], at = f["at"] as! [Double]
                    let key = "\(layer) \(f["id"] as! String) \(p["id"] as? String ?? p["mark"] as! String) \(p["text"] as? String ?? "")"
                    let world = (x: at[0] + Double(id.x * 4096), y: at[1] + Double(id.y * 4096))
                    if let other = seen[key] {
                        shared += 1
                        #expect(abs(other.x - world.x) <= 1 && abs(other.y - world.y) <= 1, "\(key): \(other) and \(world)")
                    }
                    seen[key] = world
                }
            }
        }
        #expect(shared > 0, "some marks or labels must straddle a seam")
    }
}
