import Foundation
import GeoCore

/// The base map's tile as a Mapbox Vector Tile, drawn 512 px wide (`Viewport(vectorTile:)`): the
/// features the PNG base tiles of the next zoom draw over its area (the same fetch,
/// `MapRenderer.baseFetchArea`, of that zoom's generalised band, and of those only what the style
/// shows at that zoom, `BaseStyle.shows`), one layer per `BaseLayer` that has
/// any, named by its raw value. Each feature carries `kind`, `name` (the default name), `name:<code>`
/// for each language the data has, and `rank`; its id is its stored row's. Geometry is cut to the
/// tile grown by `buffer` on each side (areas as areas, `RectangleClipping`) and rounded to whole
/// units; rings wound as the spec asks.
public enum BaseVectorTile {
    /// Tile units across a tile (the spec's default).
    public static let extent = AnnotationVectorTile.extent
    /// Units beyond each edge kept (16 pixels of the 512 a tile is drawn at): the caps and joins
    /// of a line cut at the edge fall outside the tile, so a client draws no seam.
    public static let buffer = 128

    /// `base` holds the base features of `Stores`' `baseFeatures(for: Viewport(vectorTile: tile), style:)`.
    public static func encode(_ tile: TileID, base: [BaseFeature], style: MapStyle, cancellation: Cancellation = .never) throws -> Data {
        guard let look = style.base else { return Data() }
        let viewport = Viewport(vectorTile: tile), zoom = viewport.zoom
        let unit = Double(extent) / viewport.width
        func project(_ c: Coordinate) -> (x: Double, y: Double) {
            let p = viewport.pixel(c)
            return (p.x * unit, p.y * unit)
        }
        let bounds = PixelRect(x: 0, y: 0, width: Double(extent), height: Double(extent)).grown(by: Double(buffer))

        var layers: [BaseLayer: VectorTileLayer] = [:]
        for (n, feature) in base.enumerated() where look.shows(feature, atZoom: zoom) {
            if n % 256 == 0 { try cancellation.check() }
            guard let geometry = geometry(feature.geometry, project: project, within: bounds) else { continue }
            var properties: [(key: String, value: VectorTileLayer.Value)] = [("kind", .string(feature.kind))]
            if let name = feature.name { properties.append(("name", .string(name))) }
            for code in feature.names.keys.sorted() { properties.append(("name:" + code, .string(feature.names[code]!))) }
            properties.append(("rank", .int(feature.rank)))
            layers[feature.layer, default: VectorTileLayer(name: feature.layer.rawValue, extent: extent)].features
                .append(.init(id: feature.id.map { UInt64($0) }, geometry: geometry, properties: properties))
        }
        var message = ProtobufWriter()
        for layer in BaseLayer.allCases { layers[layer]?.encode(into: &message) }
        return Data(message.bytes)
    }

    /// `geometry` projected to tile units, cut to `bounds` and rounded; nil when nothing is left.
    static func geometry(_ geometry: Geometry, project: (Coordinate) -> (x: Double, y: Double), within bounds: PixelRect) -> VectorTileGeometry? {
        func points(_ cs: [Coordinate]) -> VectorTileGeometry? {
            let kept = VectorTileGeometry.rounded(cs.map(project).filter { p in
                p.x >= bounds.minX && p.x <= bounds.maxX && p.y >= bounds.minY && p.y <= bounds.maxY
            })
            return kept.isEmpty ? nil : .points(kept)
        }
        func lines(_ lines: [[Coordinate]]) -> VectorTileGeometry? {
            VectorTileGeometry.quantised(lines: lines.flatMap { PixelClipping.line($0.map(project), to: bounds).map(\.points) })
        }
        func polygons(_ polygons: [[[Coordinate]]]) -> VectorTileGeometry? {
            VectorTileGeometry.quantised(polygons: polygons.flatMap { rings in RectangleClipping.polygon(rings.map { $0.map(project) }, to: bounds) })
        }
        switch geometry {
        case let .point(c): return points([c])
        case let .multiPoint(cs): return points(cs)
        case let .lineString(line): return lines([line])
        case let .multiLineString(all): return lines(all)
        case let .polygon(rings): return polygons([rings])
        case let .multiPolygon(all): return polygons(all)
        }
    }
}
