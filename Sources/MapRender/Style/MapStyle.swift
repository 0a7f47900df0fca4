import Foundation

/// A map style: the colours, glyphs and labels of the categories, and how waters, trips, labels,
/// pins, clusters, the legend, the scale bar, the attribution and printed pages look.
///
/// Styles are JSON files in the top-level `Styles/` folder (documented key by key in
/// Styles/README.md); keys are snake_case. Loading is strict: an unknown key, a missing key, a
/// value of the wrong type or out of range, or a colour that is not `#RRGGBB` / `#RRGGBBAA` is a
/// `StyleError` that names the file, the key path and the reason. Lengths are layout pixels at
/// scale 1 (PDF and SVG points); the print section's page measures are millimetres.
public struct MapStyle: Sendable, Equatable, Decodable {
    /// What the style is for (the JSON key `description`), for people.
    public var summary: String?
    /// The land: the colour under everything (PNG overview maps and printed maps; tiles stay transparent).
    public var background: RGBA
    /// Per category code (do, see, stay, eat, route, city, cinema, water, trip, waypoint, other, …).
    public var categories: [String: CategoryStyle]
    /// The pin of a category the style does not know. Its labels are empty: such a category is named by its code.
    public var neutral: CategoryStyle
    public var waters: WaterStyle
    public var trips: TripStyle
    public var labels: LabelStyle
    public var pins: PinStyle
    public var clusters: ClusterStyle
    public var legend: LegendStyle
    public var scaleBar: ScaleBarStyle
    public var attribution: AttributionStyle
    /// Printed pages (PDF atlas); nil in styles meant for screens only.
    public var print: PrintStyle?
    /// The base map under the annotations; nil: the style draws no base.
    public var base: BaseStyle?

    /// A category's pin colour, glyph and names.
    public struct CategoryStyle: Sendable, Hashable {
        public var color: RGBA
        /// Drawn in the pin: a letter or a symbol that DejaVu Sans has (the toy text API does not fall back).
        public var glyph: String
        /// The category's name per language code (lv, en, cs, …).
        public var labels: [String: String]
        /// A background category (e.g. "other"): always a small dot, never a pin, and named after every other.
        public var muted: Bool
        /// What a cluster of this category's places alone is called, per language: a phrase with
        /// `{n}` for the count ("{n} places to eat"). Without one, such a cluster is named by its
        /// most important place.
        public var counted: [String: String]

        public init(color: RGBA, glyph: String, labels: [String: String] = [:], muted: Bool = false, counted: [String: String] = [:]) {
            self.color = color
            self.glyph = glyph
            self.labels = labels
            self.muted = muted
            self.counted = counted
        }
    }

    /// Waters drawn as geometry: polygons are filled and outlined; lines (river stretches) are
    /// stroked in the outline colour at `lineWidth`. (Water *pins* are the category `water`.)
    public struct WaterStyle: Sendable, Hashable {
        public var fill: RGBA
        public var outline: RGBA
        public var outlineWidth: Double
        public var lineWidth: Double
    }

    /// Trip tracks, with a mark at the start and at the end (discs of `markRadius`, outlined in `color`).
    public struct TripStyle: Sendable, Hashable {
        public var color: RGBA
        public var width: Double
        public var startColor: RGBA
        public var endColor: RGBA
        public var markRadius: Double
    }

    /// Feature names beside the pins. `fontFamily` is the family of all text on the map.
    public struct LabelStyle: Sendable, Hashable {
        public var fontFamily: String
        public var fontSize: Double
        public var color: RGBA
        public var haloColor: RGBA
        public var haloWidth: Double
        /// The widest a label's line may be: a longer name is broken into `maxLines` lines,
        /// and shortened with "…" only if it still does not fit (`LabelLines`). With
        /// `maxLines`, a bound on how far a label reaches, which is what lets tiles agree on
        /// labels (see `AnnotationLayout.margin`).
        public var maxWidth: Double
        /// 1 or 2.
        public var maxLines: Int
        /// From one line's baseline to the next's, in multiples of `fontSize`.
        public var lineSpacing: Double
        /// Category codes whose names win a contested spot first; unlisted categories follow,
        /// muted ones last.
        public var priority: [String]
        /// A place of at least this population (a town, a capital) wins over every category; nil: none does.
        public var townPopulation: Int?
    }

    /// The teardrop pin, anchored at its tip: `width` × `height` (tip included); where a pin
    /// has no room, a dot of `dotRadius` in the category's colour, centred on the place.
    public struct PinStyle: Sendable, Hashable {
        public var width: Double
        public var height: Double
        public var dotRadius: Double
        public var glyphColor: RGBA
        public var glyphSize: Double
        public var outlineColor: RGBA
        public var outlineWidth: Double
        public var shadowColor: RGBA
        /// Right and down, in layout pixels (JSON: `[dx, dy]`).
        public var shadowOffset: Offset

        public struct Offset: Sendable, Hashable {
            public var dx: Double
            public var dy: Double
            public init(dx: Double, dy: Double) { self.dx = dx; self.dy = dy }
        }
    }

    /// Clusters: the places of one cell (or merged block of 2 × 2 cells) of a grid fixed to the world, `cell` pixels square, of
    /// every category, drawn as one ring split by category around the count.
    public struct ClusterStyle: Sendable, Hashable {
        public var cell: Double
        /// A larger cell for small scales (below a zoom), where towns crowd round a capital and
        /// leave no room for its name; nil: `cell` at every zoom.
        public var coarse: Coarse?

        public struct Coarse: Sendable, Hashable {
            public var belowZoom: Double
            public var cell: Double
        }

        /// The cell side at `zoom`.
        public func cell(atZoom zoom: Double) -> Double {
            coarse.map { zoom < $0.belowZoom ? $0.cell : cell } ?? cell
        }

        /// The places in a block of 2 × 2 cells that make it one cluster of twice the side
        /// (`ClusterGrid`): a dense core in fewer, larger rings; nil: never.
        public var merge: Int?

        /// The largest side of a cluster's area at `zoom`: a cell, or a merged block of them.
        public func span(atZoom zoom: Double) -> Double { cell(atZoom: zoom) * (merge == nil ? 1 : 2) }

        /// The largest side of a cluster's area at any zoom: what bounds how far a mark reaches.
        public var largestSpan: Double { max(cell, coarse?.cell ?? 0) * (merge == nil ? 1 : 2) }
        /// The radius of a cluster's ring (before it grows with the count)…
        public var radius: Double
        /// …and the extra size per doubling of the count: the ring is `1 + growth · log2(count)` times `radius`…
        public var growth: Double
        /// …but never more than `maxScale` times.
        public var maxScale: Double
        /// The count, on the disc inside the ring.
        public var countColor: RGBA
        public var countBackground: RGBA
        public var countFontSize: Double
        /// A mixed cluster of more than `namedUpTo` places is called by `counted` (per language,
        /// `{n}` for the count: "{n} places") rather than by its most important place, which a
        /// city's hundreds of places are not; none: always by its place.
        public var counted: [String: String]
        public var namedUpTo: Int?

        /// How many times `radius` a cluster of `count` is drawn.
        public func scale(count: Int) -> Double {
            guard count > 1 else { return 1 }
            return min(maxScale, 1 + growth * log2(Double(count)))
        }
    }

    /// The legend box: the drawn categories with counts, in `order`.
    public struct LegendStyle: Sendable, Hashable {
        public var fontSize: Double
        public var padding: Double
        public var color: RGBA
        public var background: RGBA
        /// Category codes in the order the legend lists them; others follow alphabetically.
        public var order: [String]
    }

    /// The metric scale bar.
    public struct ScaleBarStyle: Sendable, Hashable {
        public var fontSize: Double
        /// The longest the bar may be; it is shortened to a round distance (1, 2, 5 × 10ⁿ m).
        public var maxWidth: Double
        public var color: RGBA
    }

    /// The attribution line ("© OpenStreetMap contributors").
    public struct AttributionStyle: Sendable, Hashable {
        public var fontSize: Double
        public var color: RGBA
        public var background: RGBA
    }

    /// Printed pages (the paper is the atlas manifest's): margins, title, the reference grid and the index of places.
    public struct PrintStyle: Sendable, Hashable {
        public var marginsMM: Margins
        public var titleFontSize: Double
        public var gridColor: RGBA
        public var gridWidth: Double
        /// The side of a grid square (the index names squares as column letter + row number, e.g. "B3").
        public var gridSpacingMM: Double
        public var indexFontSize: Double

        public struct Margins: Sendable, Hashable {
            public var top, right, bottom, left: Double
            public init(top: Double, right: Double, bottom: Double, left: Double) {
                self.top = top; self.right = right; self.bottom = bottom; self.left = left
            }
        }
    }
}

extension MapStyle {
    /// The style of a category code; the neutral style for a code the style does not know.
    public func category(_ code: String) -> CategoryStyle {
        categories[code] ?? categories[code.lowercased()] ?? neutral
    }

    /// The name of a category in `language` (`cs`, or a tag such as `cs-CZ`), else in English,
    /// else the code itself (so an unknown category is still named in the legend).
    public func label(for code: String, language: String?) -> String {
        guard let labels = (categories[code] ?? categories[code.lowercased()])?.labels else { return code }
        return Self.inLanguage(labels, language) ?? code
    }

    /// What a cluster of `count` places of `code` alone is called in `language` (else English),
    /// nil when the style has no phrase for it.
    public func counted(_ code: String, count: Int, language: String?) -> String? {
        guard let phrases = (categories[code] ?? categories[code.lowercased()])?.counted else { return nil }
        return Self.inLanguage(phrases, language)?.replacingOccurrences(of: "{n}", with: String(count))
    }

    /// What a mixed cluster of `count` places too many to be named by one is called in `language`
    /// (else English); nil when it is named by its place.
    public func counted(mixed count: Int, language: String?) -> String? {
        guard let most = clusters.namedUpTo, count > most else { return nil }
        return Self.inLanguage(clusters.counted, language)?.replacingOccurrences(of: "{n}", with: String(count))
    }

    /// The text for `language` (`cs`, or a tag such as `cs-CZ`), else the English one.
    private static func inLanguage(_ texts: [String: String], _ language: String?) -> String? {
        if let language {
            let tag = language.lowercased().replacingOccurrences(of: "_", with: "-")
            let primary = tag.split(separator: "-").first.map(String.init) ?? tag
            if let text = texts[tag] ?? texts[primary] { return text }
        }
        return texts["en"]
    }

    /// `codes` once each, in the legend's order: those in `legend.order` first, the rest alphabetically.
    public func sortedForLegend<S: Sequence>(_ codes: S) -> [String] where S.Element == String {
        let rank = Dictionary(legend.order.enumerated().map { ($1, $0) }, uniquingKeysWith: min)
        return Set(codes).sorted { a, b in
            let ra = rank[a] ?? Int.max, rb = rank[b] ?? Int.max
            return ra != rb ? ra < rb : a < b
        }
    }
}
