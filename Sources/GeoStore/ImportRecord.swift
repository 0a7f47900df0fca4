import GeoCore

public enum ImportRecord: Hashable, Sendable {
    case place(PlaceRecord)
    case water(WaterRecord)
    case cinema(CinemaRecord)
    case trip(TripRecord)

    public var kind: FeatureKind {
        switch self {
        case .place: .poi
        case .water: .water
        case .cinema: .cinema
        case .trip: .trip
        }
    }

    /// The identity that makes a record update an earlier one: its kind, source and source id.
    package var sourceKey: SourceKey? {
        let (source, id): (String?, String?) = switch self {
        case let .place(p): (p.source, p.sourceID)
        case let .water(w): (w.source, w.sourceID)
        case let .cinema(c): (c.source, c.sourceID)
        case let .trip(t): (t.source, t.sourceID)
        }
        guard let source, let id else { return nil }
        return SourceKey(kind: kind, source: source, id: id)
    }

    /// Where the record is on the map, if anywhere: a position, or a geometry's first vertex.
    var position: Coordinate? {
        switch self {
        case let .place(p): p.location
        case let .water(w): w.geometry.coordinates.first
        case let .cinema(c): c.location
        case let .trip(t): t.spot ?? t.track?.first
        }
    }
}

/// The identity that makes a record update an earlier one (`ImportRecord.sourceKey`).
package struct SourceKey: Hashable {
    package let kind: FeatureKind
    package let source: String
    package let id: String

    package init(kind: FeatureKind, source: String, id: String) { (self.kind, self.source, self.id) = (kind, source, id) }
}
