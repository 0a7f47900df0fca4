import GeoCore
import GeoStore

/// One collection's description: one per kind, since a kind is a table with its own properties
/// (a POI's category and address, a water's kind, a trip's catches); a POI category is a filter
/// on `poi` (`category=`), not a collection of its own.
struct OGCCollection: Encodable, Sendable {
    struct Extent: Encodable, Sendable {
        struct Spatial: Encodable, Sendable {
            var bbox: [[Double]]
            var crs = OGCCollection.crs84
        }
        var spatial: Spatial
    }

    var id: String
    var title: String
    var description: String
    var itemType = "feature"
    var crs = [Self.crs84]
    /// Absent while the collection holds nothing with a position.
    var extent: Extent?
    var links: [OGCLink]

    static let crs84 = "http://www.opengis.net/def/crs/OGC/1.3/CRS84"

    /// The collection of `kind`, its extent the box round its categories' positions (`counts`: the store's `categories()`).
    init(_ kind: FeatureKind, counts: [CategoryCount], base: String) {
        id = kind.rawValue
        (title, description) = switch kind {
        case .poi: ("Points of interest", "The travel guide's places (do, see, stay, eat, route), cities and other places; category= selects categories")
        case .water: ("Waters", "Lakes, rivers, seas and their pieces, as lines and areas")
        case .cinema: ("Cinemas", "Cinemas; their programmes are in /v1/cinemas")
        case .trip: ("Trips", "The angler's diary: each trip where it was fished, with its catches")
        }
        if let box = BoundingBox(enclosing: counts.filter { $0.kind == kind }.compactMap(\.bounds)) {
            extent = Extent(spatial: .init(bbox: [[box.minLon, box.minLat, box.maxLon, box.maxLat]]))
        }
        let collection = base + "/collections/" + id
        links = [OGCLink(href: collection, rel: "self", type: OGCLink.json, title: title),
                 OGCLink(href: collection + "/items", rel: "items", type: OGCLink.geoJSON, title: title),
                 OGCLink(href: collection + "/queryables", rel: "http://www.opengis.net/def/rel/ogc/1.0/queryables", type: OGCLink.jsonSchema,
                         title: "what items are filtered by")]
    }
}
