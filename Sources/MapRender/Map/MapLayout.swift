import Foundation
import GeoCore

/// What a finished map drew, as data (`waymark render --layout`, `/v1/map.json`): every mark with
/// the features it stands for, every label with its text, whether it is the base map's name (and
/// what it names: a street, a district, a place, a park, a water) or an annotation's, the features
/// it names, and the boxes they cover, in image pixels (points for PDF and SVG), y down. So a page
/// can make a static map clickable (an HTML image map), and a check can read which names a map
/// holds (a street drawn along its line is single glyphs in a PDF, which no text extraction joins).
public struct MapLayout: Encodable, Sendable {
    public struct Mark: Encodable, Sendable {
        /// The features it stands for ("poi/12"), the most important first.
        public var ids: [String]
        /// The most important member's category.
        public var category: String
        public var box: [Double]
    }

    public struct Label: Encodable, Sendable {
        /// Its lines joined by "\n".
        public var text: String
        /// "annotation", or the base map's "street", "district", "place", "park" or "water".
        public var kind: String
        /// An annotation's: the features of its mark ("poi/12"; only the first of a cluster whose
        /// mark lies outside the image); a base name's: the stored base features it names
        /// ("base/3979"; a street's every piece of that name and class the map was handed). A
        /// water of the data named in place by its shape has none here (it is among the data).
        public var ids: [String]
        /// The box of all of it, halo included.
        public var box: [Double]
    }

    public var width: Double
    public var height: Double
    public var marks: [Mark]
    public var labels: [Label]

    /// [x, y, width, height], to a tenth of a pixel.
    static func box(_ r: PixelRect) -> [Double] {
        [r.x, r.y, r.width, r.height].map { ($0 * 10).rounded() / 10 }
    }

    init(width: Double, height: Double, annotations: AnnotationLayout, baseLabels: [BaseLabel]) {
        (self.width, self.height) = (width, height)
        marks = annotations.marks.map { Mark(ids: $0.group.members.map(\.id), category: $0.group.category, box: Self.box($0.rect)) }
        let members = Dictionary(annotations.marks.map { ($0.group.id, $0.group.members.map(\.id)) }, uniquingKeysWith: { a, _ in a })
        // A label whose mark lies just outside the image: its group's id names its first member.
        func ids(_ group: String) -> [String] { members[group] ?? [group.hasPrefix("cluster:") ? String(group.dropFirst(8)) : group] }
        labels = baseLabels.map { label in
            let union = label.boxes.dropFirst().reduce(label.boxes[0]) { $0.union($1) }
            return Label(text: label.text, kind: label.kind.rawValue, ids: label.ids.map { "base/\($0)" }, box: Self.box(union))
        } + annotations.labels.map { label in
            Label(text: label.lines.joined(separator: "\n"), kind: "annotation", ids: ids(label.groupID), box: Self.box(label.rect))
        }
    }

    /// The layout as JSON, keys sorted.
    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Only numbers and strings: it cannot fail.
        return try! encoder.encode(self)
    }
}

extension MapRenderer {
    /// The image, and what it drew (`MapLayout`).
    public static func renderWithLayout(_ request: MapRequest, cancellation: Cancellation = .never) throws -> (image: Data, layout: MapLayout) {
        let drawn = try drawn(request, cancellation: cancellation)
        return (drawn.image, MapLayout(width: request.width, height: request.height, annotations: drawn.annotations, baseLabels: drawn.baseLabels))
    }
}
