/// An input the engine checks, as the engine knows it. The engine (GeoCore, GeoStore, the stores,
/// MapRender) names the input at fault with one of these, never with a face's word for it: each
/// face names it in its own words from one table of its own (the CLI its options, the server each
/// route's parameters, an atlas manifest its keys). A switch over every case, so that a new field
/// is named by every face or the build fails.
public enum Field: Hashable, Sendable, CustomStringConvertible {
    /// A point: its latitude and longitude.
    case lat, lon
    /// A query's radius in metres (within, search, cinemas; nearest's optional limit).
    case maxDistance
    /// A box MINLON,MINLAT,MAXLON,MAXLAT.
    case bbox
    /// A map's centre (LAT,LON) and zoom, the room kept around fitted marks.
    case center, zoom, padding
    /// A tile's zoom, column and row.
    case tileZ, tileX, tileY
    /// A page's size and where it continues.
    case limit, cursor
    /// What a query selects.
    case category, kind, source
    /// The words searched for, and the fields of the records they are looked for in.
    case q, searchIn
    /// The language of names and labels (`LanguageCode`).
    case language
    /// A local day (YYYY-MM-DD), the groups of catch statistics, a stored record's id.
    case date, by, id
    /// What catch statistics count: the catches and trips of a year, of a water (its name), of a species.
    case year, water, species
    /// An instant or an interval of time (`TimeSpan`), which a feature's own times meet.
    case time
    /// A condition on features' properties and geometry (`FeatureFilter`: CQL2 text, `name=`).
    case filter
    /// An image's size in pixels (or points), its scale, its projected CRS, its style.
    case size, scale, crs, style
    /// A printed map: its paper, its area, the radius of an area around a centre.
    case paper, area, radius
    /// Where the data is: a SpatiaLite file or a postgres:// URL.
    case database
    /// An import that replaces its sources' records; one that skips invalid records; a replacement
    /// allowed to store fewer records than it removes; a snapshot's import (the travel guide's
    /// feed) that keeps what the snapshot no longer has.
    case replaceSource, skipInvalid, allowShrink, keepMissing
    /// Which of an imported file's fields holds what a record reads (`name=NAZEV`).
    case fieldMapping
    /// A field of a record in an imported file, as the file names it (`geometry`, `latitude`,
    /// `screenings[0].start`…): the file's own words, the same in every face.
    case record(String)

    /// The engine's own name: what `GeoError.description` and logs say, and what a face falls back to.
    public var description: String {
        switch self {
        case .lat: "lat"
        case .lon: "lon"
        case .maxDistance: "max_distance"
        case .bbox: "bbox"
        case .center: "center"
        case .zoom: "zoom"
        case .padding: "padding"
        case .tileZ: "z"
        case .tileX: "x"
        case .tileY: "y"
        case .limit: "limit"
        case .cursor: "cursor"
        case .category: "category"
        case .kind: "kind"
        case .source: "source"
        case .q: "q"
        case .searchIn: "in"
        case .language: "language"
        case .date: "date"
        case .by: "by"
        case .id: "id"
        case .year: "year"
        case .water: "water"
        case .species: "species"
        case .time: "time"
        case .filter: "filter"
        case .size: "size"
        case .scale: "scale"
        case .crs: "crs"
        case .style: "style"
        case .paper: "paper"
        case .area: "area"
        case .radius: "radius"
        case .database: "db"
        case .replaceSource: "replace_source"
        case .skipInvalid: "skip_invalid"
        case .allowShrink: "allow_shrink"
        case .keepMissing: "keep_missing"
        case .fieldMapping: "field"
        case let .record(name): name
        }
    }
}

/// Why an input is refused, in words that may point at other inputs (`give \(Field.bbox), or
/// \(Field.center) and \(Field.zoom)`): those are kept typed, so that each face says them as it
/// names its fields (`said(naming:)`), and no engine message names a CLI flag or a parameter.
/// Written as a string: interpolating a `Field` mentions it, anything else is its text.
public struct Reason: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringInterpolation {
    public enum Part: Hashable, Sendable {
        case text(String)
        case field(Field)
    }

    public private(set) var parts: [Part]

    public init(_ parts: [Part]) {
        self.parts = []
        for part in parts { append(part) }
    }

    public init(stringLiteral text: String) { self.init([.text(text)]) }

    public init(stringInterpolation: Interpolation) { self.init(stringInterpolation.parts) }

    public struct Interpolation: StringInterpolationProtocol {
        var parts: [Part] = []
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { parts.append(.text(literal)) }
        public mutating func appendInterpolation(_ field: Field) { parts.append(.field(field)) }
        public mutating func appendInterpolation(_ reason: Reason) { parts += reason.parts }
        public mutating func appendInterpolation<T>(_ value: T) { parts.append(.text(String(describing: value))) }
    }

    /// Adjacent texts joined, so that equal words are equal reasons however they were written.
    private mutating func append(_ part: Part) {
        if case let .text(more) = part, case let .text(text)? = parts.last {
            parts[parts.count - 1] = .text(text + more)
        } else if part != .text("") {
            parts.append(part)
        }
    }

    public static func + (lhs: Reason, rhs: Reason) -> Reason { Reason(lhs.parts + rhs.parts) }

    /// The words with each field named by `name` (a face's table).
    public func said(naming name: (Field) -> String) -> String {
        parts.map { part in
            switch part {
            case let .text(text): text
            case let .field(field): name(field)
            }
        }.joined()
    }

    /// With the engine's names (`Field.description`).
    public var description: String { said { $0.description } }
}
