import Foundation
import GeoCore

/// A point of interest: the travel guide's do / see / stay / eat / route objects, cities, and any
/// code a user imports. Without `location` it is stored but never drawn or returned by spatial queries.
public struct PlaceRecord: Hashable, Sendable {
    public var category: String
    public var name: String
    /// Names by language code (lv, en, cs, …); `name` is the default.
    public var names: [String: String] = [:]
    public var description: String?
    public var descriptions: [String: String] = [:]
    public var address: String?
    public var phone: String?
    public var mobilePhone: String?
    public var email: String?
    public var website: String?
    public var images: [String] = []
    /// IANA time zone, e.g. Europe/Riga.
    public var timezone: String?
    public var source: String?
    public var sourceID: String?
    public var location: Coordinate?

    public init(category: String, name: String, location: Coordinate?) {
        self.category = category
        self.name = name
        self.location = location
    }
}

/// A lake, pond, reservoir, river stretch… An angler's revír.
public struct WaterRecord: Hashable, Sendable {
    public var name: String?
    /// lake, pond, reservoir, river, stream, canal, sea, water
    public var waterKind: String
    public var district: String?
    public var organisation: String?
    public var geometry: Geometry
    public var source: String?
    public var sourceID: String?

    public init(name: String?, waterKind: String, geometry: Geometry) {
        self.name = name
        self.waterKind = waterKind
        self.geometry = geometry
    }
}

public struct Screening: Hashable, Sendable, Codable {
    public var title: String
    /// The start instant (stored in UTC); the cinema's zone gives its local day.
    public var start: Date
    public var minutes: Int?
    /// Age rating such as MP, MP-12, MP-15.
    public var rating: String?
    /// Language version such as DAB (dubbed) or ČT (subtitled).
    public var version: String?

    public init(title: String, start: Date, minutes: Int? = nil, rating: String? = nil, version: String? = nil) {
        self.title = title
        self.start = start
        self.minutes = minutes
        self.rating = rating
        self.version = version
    }
}

public struct CinemaRecord: Hashable, Sendable {
    public var name: String
    public var address: String?
    public var website: String?
    /// IANA zone of the cinema; days of its programme are local to it.
    public var timezone: String
    public var location: Coordinate?
    public var screenings: [Screening] = []
    public var source: String?
    public var sourceID: String?

    public init(name: String, timezone: String, location: Coordinate?) {
        self.name = name
        self.timezone = timezone
        self.location = location
    }
}

public struct CatchRecord: Hashable, Sendable {
    public var species: String
    public var lengthCm: Double?
    public var weightKg: Double?
    public var time: Date?
    public var bait: String?
    public var location: Coordinate?

    public init(species: String) { self.species = species }
}

/// An angler's trip (vycházka): a spot on a water and/or a recorded track, with its catches.
public struct TripRecord: Hashable, Sendable {
    public var name: String
    public var start: Date?
    public var end: Date?
    public var notes: String?
    public var weather: String?
    /// The name of a stored water this trip was on.
    public var waterName: String?
    public var spot: Coordinate?
    public var track: [Coordinate]?
    public var catches: [CatchRecord] = []
    public var source: String?
    public var sourceID: String?

    public init(name: String) { self.name = name }
}

package struct SourceKey: Hashable {
    package let kind: FeatureKind
    package let source: String
    package let id: String

    package init(kind: FeatureKind, source: String, id: String) { (self.kind, self.source, self.id) = (kind, source, id) }
}

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

/// One record that could not be imported: which file, which record (feature index, line…), why.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var record: String
    public var reason: String

    public init(file: String, record: String, reason: String) {
        self.file = file
        self.record = record
        self.reason = reason
    }

    public var description: String { "\(file): \(record): \(reason)" }
}

/// What a parser read from one file: the records it understood, each labelled with where it
/// came from, and the problems with the rest: the first `problemLimit` of them listed, the others
/// only counted, so that a file of a million bad records costs no more than one of a hundred.
public struct ParsedFile: Sendable {
    public var file: String
    public var records: [(record: String, value: ImportRecord)] = []
    public var problems: [ImportProblem] = []
    /// How many problems there were beyond those in `problems`.
    public var omittedProblems = 0
    /// The row id of each record, when they come from another Waymark database (`exportAll`) and
    /// keep their ids, so that ids and cursors mean the same in a copy.
    package var storedIDs: [Int64]?

    /// How many problems a file, and an import's report, lists.
    public static let problemLimit = 100

    public init(file: String) { self.file = file }

    /// Every problem, listed or not.
    public var problemCount: Int { problems.count + omittedProblems }

    mutating func add(_ value: ImportRecord, at record: String) { records.append((record, value)) }
    /// Records a problem; `reason` is made only when it is listed.
    mutating func reject(_ record: String, _ reason: @autoclosure () -> String) {
        guard problems.count < Self.problemLimit else {
            omittedProblems += 1
            return
        }
        problems.append(ImportProblem(file: file, record: record, reason: reason()))
    }
}
