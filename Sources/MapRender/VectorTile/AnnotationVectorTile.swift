import Foundation
import GeoCore

/// The annotation tile as a Mapbox Vector Tile: the same layout as the PNG tiles (one layout, two
/// encoders), so its clusters, their counts and categories, which places are named and where the
/// names stand are those of the four PNG tiles of the next zoom that it covers, as it is drawn
/// 512 pixels wide (`Viewport(vectorTile:)`). Two layers:
/// - `marks`: each pin, dot or cluster ring at its anchor (a pin's tip, a dot's or ring's centre);
/// - `labels`: each placed name at the centre of its box, with the box's size in tile pixels and
///   how its lines align, so a client draws it where the PNG does without a collision pass.
public enum AnnotationVectorTile {
    /// Tile units across a tile (the spec's default).
    public static let extent = 4096

    /// `features` must hold every feature within `MapRenderer.fetchArea(Viewport(vectorTile: tile), style:)`.
    public static func encode(_ tile: TileID, features: [Feature], categories: CategoryFilter = .init(), style: MapStyle,
                              language: String? = nil, cancellation: Cancellation = .never) throws -> Data {
        let drawn = categories.isAll ? features : features.filter(categories.selects)
        let viewport = Viewport(vectorTile: tile)
        // Names are measured as the 1× PNG tile measures them.
        let canvas = try Canvas(format: .png, width: 1, height: 1, transparent: true)
        let layout = try AnnotationLayout(features: drawn, viewport: viewport, style: style, language: language, keepInside: false,
                                          measure: { MapRenderer.labelSize($0, style: style, on: canvas) }, cancellation: cancellation)
        let unit = Double(extent) / viewport.width
        func point(_ x: Double, _ y: Double) -> (x: Int, y: Int) { (Int((x * unit).rounded()), Int((y * unit).rounded())) }

        var marks = VectorTileLayer(name: "marks", extent: extent)
        for mark in layout.marks {
            let group = mark.group
            var properties: [(key: String, value: VectorTileLayer.Value)] = [
                ("id", .string(group.id)),
                ("form", .string(mark.look.shape.name)),
                ("category", .string(group.category)),
                ("count", .int(group.members.count)),
                ("color", .string(style.category(group.category).color.hex)),
            ]
            if group.isCluster {
                properties.append(("categories", .string(group.categories.map { "\($0.code):\($0.count)" }.joined(separator: ","))))
            } else {
                properties.append(("feature", .string(group.members[0].id)))
                if let name = group.members[0].label { properties.append(("name", .string(name))) }
            }
            marks.features.append(.init(id: stableID(group.id), point: point(mark.anchor.x, mark.anchor.y), properties: properties))
        }
        try cancellation.check()

        var labels = VectorTileLayer(name: "labels", extent: extent)
        for label in layout.labels {
            labels.features.append(.init(id: stableID(label.groupID), point: point(label.rect.midX, label.rect.midY), properties: [
                ("text", .string(label.lines.joined(separator: "\n"))),
                ("mark", .string(label.groupID)),
                ("align", .string(label.alignment.name)),
                ("width", .double(label.rect.width)),
                ("height", .double(label.rect.height)),
            ]))
        }

        // A layer holds at least one feature (MVT 2.1, 4.1): a tile without names has no labels layer.
        var tileMessage = ProtobufWriter()
        for layer in [marks, labels] where !layer.features.isEmpty { layer.encode(into: &tileMessage) }
        return Data(tileMessage.bytes)
    }

    /// The same mark (the same members) has the same id in every tile. 53 bits: JavaScript (MapLibre)
    /// holds an id as a double, GDAL as a signed 64-bit integer.
    static func stableID(_ text: String) -> UInt64 { FNV1a.hash(text.utf8) & ((1 << 53) - 1) }
}

private extension PinLook.Shape {
    var name: String {
        switch self {
        case .teardrop: "pin"
        case .dot: "dot"
        case .ring: "cluster"
        }
    }
}

private extension PlacedLabel.Alignment {
    var name: String {
        switch self {
        case .left: "left"
        case .centre: "center"
        case .right: "right"
        }
    }
}
