import Foundation
import GeoCore

/// A search by name: every record whose indexed words (`SearchText`) match every word of `text`,
/// ranked by `SearchRanking` (text, and distance from `center` when given), then by id.
public struct SearchQuery: Sendable {
    public var text: String
    /// The point distances are measured from, when the answer should favour what is near.
    public var center: Coordinate?
    public var categories: CategoryFilter
    /// Only this kind (`poi`, `water`, `cinema`, `trip`); nil: every kind the categories select.
    public var kind: FeatureKind?
    /// Only records from these sources (`osm`, `geonames`, a feed's name…); empty: every source.
    public var sources: SourceFilter
    /// Only records within this many metres of `center`.
    public var maxDistance: Double?
    /// Only records that meet this box (which may cross the antimeridian).
    public var box: BoundingBox?
    /// The fields the words are looked for in; every field by default.
    public var fields: Set<SearchField>
    public var limit: Int
    public var after: Cursor?

    public init(text: String, center: Coordinate? = nil, categories: CategoryFilter = .init(), kind: FeatureKind? = nil,
                sources: SourceFilter = SourceFilter(), maxDistance: Double? = nil, box: BoundingBox? = nil, fields: Set<SearchField> = Set(SearchField.allCases),
                limit: Int = defaultLimit, after: Cursor? = nil) {
        self.text = text
        self.center = center
        self.categories = categories
        self.kind = kind
        self.sources = sources
        self.maxDistance = maxDistance
        self.box = box
        self.fields = fields
        self.limit = limit
        self.after = after
    }

    /// The longest query, in characters (code points, as JSON Schema's maxLength counts them), and
    /// the most words: a search box, not a document.
    public static let maximumLength = 200
    public static let maximumWords = 8

    /// `--kind` / `kind=`, read by one rule for both faces.
    public static func kind(parsing text: String) throws(GeoError) -> FeatureKind {
        guard let kind = FeatureKind(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalid(field: .kind, reason: "'\(text)' is not one of \(FeatureKind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return kind
    }

    /// The kinds searched: those the categories select, narrowed to `kind`.
    var kinds: [FeatureKind] { categories.kinds.filter { kind == nil || $0 == kind } }

    /// Checks every field and returns the query's folded words.
    package func validate() throws(GeoError) -> [String] {
        let length = text.unicodeScalars.count
        guard length <= Self.maximumLength else {
            throw .invalid(field: .q, reason: "is \(length) characters long, more than \(Self.maximumLength)")
        }
        let words = SearchText.words(text)
        guard !words.isEmpty else { throw .invalid(field: .q, reason: "'\(text)' has no letters or digits to search for") }
        guard words.count <= Self.maximumWords else {
            throw .invalid(field: .q, reason: "has \(words.count) words, more than \(Self.maximumWords)")
        }
        guard !fields.isEmpty else { throw .invalid(field: .searchIn, reason: "names no field to search") }
        if let center { _ = try Coordinate(validatingLat: center.lat, lon: center.lon) }
        if let maxDistance {
            guard center != nil else { throw .invalid(field: .maxDistance, reason: "needs a point (\(Field.lat) and \(Field.lon)) to measure from") }
            guard maxDistance > 0 && maxDistance <= NearestQuery.maximumDistance else {
                throw .invalid(field: .maxDistance, reason: "\(maxDistance) is not more than 0 and at most \(Int(NearestQuery.maximumDistance)) metres")
            }
        }
        if let box {
            guard maxDistance == nil else { throw .invalid(field: .bbox, reason: "give a radius or a bbox, not both") }
            _ = try BoundingBox(validatingMinLon: box.minLon, minLat: box.minLat, maxLon: box.maxLon, maxLat: box.maxLat)
        }
        try checkLimit(limit)
        try after?.check(forDistanceQuery: true)
        return words
    }
}
