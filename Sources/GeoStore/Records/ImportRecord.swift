import Foundation
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

    /// The source the record came from: a file's name, "osm", "geonames", "gpx", "travel-guide", or
    /// the name `import --source` gave it.
    public var source: String? {
        get {
            switch self {
            case let .place(p): p.source
            case let .water(w): w.source
            case let .cinema(c): c.source
            case let .trip(t): t.source
            }
        }
        set {
            switch self {
            case var .place(p): p.source = newValue; self = .place(p)
            case var .water(w): w.source = newValue; self = .water(w)
            case var .cinema(c): c.source = newValue; self = .cinema(c)
            case var .trip(t): t.source = newValue; self = .trip(t)
            }
        }
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

/// What the import's time zones need of a record (`ImportPlan.assignZones`).
extension ImportRecord {
    /// Where the record's zone is decided: its position; a water's representative point (inside
    /// an area, the middle of a line); a trip's spot, else the start of its track.
    var zonePosition: Coordinate? {
        switch self {
        case let .place(p): p.location
        case let .water(w): PlanarGeometry.representativePoint(of: w.geometry)
        case let .cinema(c): c.location
        case let .trip(t): t.spot ?? t.track?.first
        }
    }

    /// The zone the record names.
    var timezone: String? {
        switch self {
        case let .place(p): p.timezone
        case let .water(w): w.timezone
        case let .cinema(c): c.timezone
        case let .trip(t): t.timezone
        }
    }

    /// What messages call the record by.
    var name: String? {
        switch self {
        case let .place(p): p.name
        case let .water(w): w.name
        case let .cinema(c): c.name
        case let .trip(t): t.name
        }
    }

    /// The record in `zone`, its local times (`LocalTimes`) moved there.
    func inZone(_ zone: String) -> ImportRecord {
        let timeZone = TimeZone(identifier: zone) ?? ISOTime.utc
        func move(_ date: Date?, _ isLocal: Bool) -> Date? { isLocal ? date.map { LocalTimes.move($0, to: timeZone) } : date }
        switch self {
        case var .place(p):
            p.timezone = zone
            return .place(p)
        case var .water(w):
            w.timezone = zone
            return .water(w)
        case var .cinema(c):
            c.timezone = zone
            for i in c.localTimes.items { c.screenings[i].start = LocalTimes.move(c.screenings[i].start, to: timeZone) }
            c.localTimes = LocalTimes()
            return .cinema(c)
        case var .trip(t):
            t.timezone = zone
            (t.start, t.end) = (move(t.start, t.localTimes.start), move(t.end, t.localTimes.end))
            for i in t.localTimes.items { t.catches[i].time = move(t.catches[i].time, true) }
            t.localTimes = LocalTimes()
            return .trip(t)
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
