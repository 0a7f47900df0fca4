import Foundation
import GeoCore

/// The annotation tile as a Mapbox Vector Tile: the same layout as the PNG tiles (one layout, two
/// encoders), so its clusters, their counts and categories, which places are named and where the
/// names stand are those of the four PNG tiles of the next zoom that it covers, as it is drawn
/// 512 pixels wide (`Viewport(vectorTile:)`). Its layers:
/// - `marks`: each pin, dot or cluster ring at its anchor (a pin's tip, a dot's or ring's centre);
/// - `labels`: each placed name at the centre of its box, with the box's size in tile pixels and
///   how its lines align, so a client draws it where the PNG does without a collision pass;
/// - `names`, when handed the base: the base map's names placed by the rule of the PNG tiles over
///   the base (`BaseLabels`: within the tile, off every mark and label). A horizontal name is a
///   point at the centre of its box; a street's or river's name is the line through its letters'
///   middles, run on beyond its ends, for a client to set it along that line at its middle. A
///   client placing the base's names itself finds no room for streets among the marks (MapLibre
///   named 1 street in central Helsinki's core).
public enum AnnotationVectorTile {
    /// Tile units across a tile (the spec's default).
    public static let extent = 4096

    /// `features` must hold every feature within `MapRenderer.fetchArea(Viewport(vectorTile: tile), style:)`;
    /// `base` the base features within `MapRenderer.baseFetchArea` of that viewport.
    public static func encode(_ tile: TileID, features: [Feature], categories: CategoryFilter = .init(), style: MapStyle,
                              language: String? = nil, base: [BaseFeature] = [], cancellation: Cancellation = .never) throws -> Data {
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

        var names = VectorTileLayer(name: "names", extent: extent)
        if let baseStyle = style.base, !base.isEmpty {
            let placing = BaseLabels(style: baseStyle, fontFamily: style.labels.fontFamily, language: language,
                                     drawing: BaseDrawing(style: baseStyle, viewport: viewport), width: viewport.width, height: viewport.height,
                                     ownPointsOnly: true, canvas: canvas)
            for (n, label) in placing.place(base, obstacles: MapRenderer.annotationRects(layout, furniture: [])).enumerated() {
                try cancellation.check()
                // A name along a line has a run per letter (a street's of one letter too).
                let along = label.kind == .street || label.runs.count > 1
                canvas.setFont(style.labels.fontFamily, size: label.fontSize, bold: label.bold)
                let geometry = along
                    ? VectorTileGeometry.quantised(lines: [middleLine(label, advances: label.runs.map { canvas.advance($0.text) }).map { (x: $0.x * unit, y: $0.y * unit) }])
                    : label.boxes.first.map { .points([point($0.midX, $0.midY)]) }
                guard let geometry else { continue }
                // Unique within the tile, as the spec asks; a name is placed anew in each tile.
                names.features.append(.init(id: stableID("name \(tile) \(n)"), geometry: geometry, properties: [
                    ("text", .string(label.text)),
                    ("kind", .string(label.kind.rawValue)),
                    ("size", .double(label.fontSize)),
                    ("bold", .bool(label.bold)),
                    ("color", .string(label.color.hex)),
                ]))
            }
        }

        // A layer holds at least one feature (MVT 2.1, 4.1): a tile without names has no labels layer.
        var tileMessage = ProtobufWriter()
        for layer in [marks, labels, names] where !layer.features.isEmpty { layer.encode(into: &tileMessage) }
        return Data(tileMessage.bytes)
    }

    /// The line through the middles of a name's letters (half their `advances` along, and up from
    /// the baseline to the middle of the box `BaseLabels` gives a letter), run on straight beyond
    /// its first and last letter by half the name's length: a client that sets the name at the
    /// line's middle finds room for it, though its letters be a little wider than Cairo's.
    static func middleLine(_ label: BaseLabel, advances: [Double]) -> [(x: Double, y: Double)] {
        let up = label.fontSize * BaseLabels.middleAboveBaseline
        let middles = zip(label.runs, advances).map { run, advance in
            let (c, s) = (cos(run.angle), sin(run.angle))
            return (x: run.x + advance / 2 * c + up * s, y: run.y + advance / 2 * s - up * c)
        }
        let half = advances.reduce(0, +) / 2
        let (first, final) = (label.runs[0].angle, label.runs[label.runs.count - 1].angle)
        return [(x: middles[0].x - half * cos(first), y: middles[0].y - half * sin(first))] + middles
            + [(x: middles[middles.count - 1].x + half * cos(final), y: middles[middles.count - 1].y + half * sin(final))]
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
