import Foundation
import GeoCore

/// Where the next page starts: just after this key in the query's order.
public struct Cursor: Hashable, Sendable {
    public var distance: Double?
    public var id: FeatureID

    /// Opaque, URL-safe text: `<id>` or `<distance bits in hex>~<id>`.
    public var token: String {
        distance.map { String($0.bitPattern, radix: 16) + "~" + id.description } ?? id.description
    }

    public init(distance: Double?, id: FeatureID) {
        self.distance = distance
        self.id = id
    }

    public init(token: String) throws(GeoError) {
        let parts = token.split(separator: "~", omittingEmptySubsequences: false)
        let bits = parts.count == 2 ? UInt64(parts[0], radix: 16) : nil
        guard parts.count == 1 || bits.map({ Double(bitPattern: $0) >= 0 && Double(bitPattern: $0).isFinite }) == true,
              let id = FeatureID(String(parts.last ?? "")) else {
            throw .invalid(field: "cursor", reason: "'\(token)' is not a cursor this service issued")
        }
        self.init(distance: bits.map(Double.init(bitPattern:)), id: id)
    }

    /// Distance queries continue from a distance cursor, box queries from an id cursor.
    func check(forDistanceQuery: Bool) throws(GeoError) {
        guard (distance != nil) == forDistanceQuery else {
            throw .invalid(field: "cursor", reason: "'\(token)' continues a \(forDistanceQuery ? "bbox" : "nearest or within") query, not this one")
        }
    }
}

/// Every page holds 1 … `maximumLimit` features.
public let maximumLimit = 10_000

/// A page's size when the request names none: the CLI's, the server's and the engine's.
public let defaultLimit = 10

package func checkLimit(_ limit: Int) throws(GeoError) {
    guard (1...maximumLimit).contains(limit) else {
        throw .invalid(field: "limit", reason: "\(limit) is outside 1…\(maximumLimit)")
    }
}

/// A page of this many rows or more (a `within` or `bbox` that wants everything in its area) is
/// answered by one unordered search of the area, then sorted: an ordered search keeps every entry
/// it finds in a priority queue, which costs more than sorting once thousands are wanted.
package let wholeRange = 1_000

/// Nearest-N, or within a radius when `maxDistance` is set: results by distance, then id.
public struct NearestQuery: Sendable {
    public var center: Coordinate
    public var limit: Int
    public var categories: CategoryFilter
    public var maxDistance: Double?
    public var after: Cursor?

    public init(center: Coordinate, limit: Int = defaultLimit, categories: CategoryFilter = .init(),
                maxDistance: Double? = nil, after: Cursor? = nil) {
        self.center = center
        self.limit = limit
        self.categories = categories
        self.maxDistance = maxDistance
        self.after = after
    }

    /// The largest radius: half the Earth's circumference, and then some.
    public static let maximumDistance = 20_000_000.0

    /// Whether the answer is every row within the radius, found in one unordered search and sorted
    /// (a page of `wholeRange` rows or more).
    package var takesWholeRange: Bool { (maxDistance ?? .infinity).isFinite && limit >= wholeRange }

    package func validate() throws(GeoError) {
        _ = try Coordinate(validatingLat: center.lat, lon: center.lon)
        try checkLimit(limit)
        if let maxDistance, !(maxDistance > 0 && maxDistance <= Self.maximumDistance) {
            throw .invalid(field: "max_distance", reason: "\(maxDistance) is not more than 0 and at most \(Int(Self.maximumDistance)) metres")
        }
        try after?.check(forDistanceQuery: true)
    }
}

/// Features that intersect a box (which may cross the antimeridian), by id.
public struct BoxQuery: Sendable {
    public var box: BoundingBox
    public var limit: Int
    public var categories: CategoryFilter
    public var after: Cursor?

    public init(box: BoundingBox, limit: Int = defaultLimit, categories: CategoryFilter = .init(), after: Cursor? = nil) {
        self.box = box
        self.limit = limit
        self.categories = categories
        self.after = after
    }

    package func validate() throws(GeoError) {
        _ = try BoundingBox(validatingMinLon: box.minLon, minLat: box.minLat, maxLon: box.maxLon, maxLat: box.maxLat)
        try checkLimit(limit)
        try after?.check(forDistanceQuery: false)
    }
}

public struct FeaturePage: Sendable {
    public var features: [Feature]
    /// Set when more results follow; pass it back as `after`.
    public var next: Cursor?
}

public struct CinemaProgramme: Sendable {
    public var cinema: Feature
    public var timezone: String
    public var screenings: [Screening]
}

public enum CatchGrouping: String, CaseIterable, Sendable {
    case water, species, year
}

public struct CatchStatistic: Sendable, Hashable {
    /// The value of each requested grouping, in the order requested ("(no water)" when unknown).
    public var group: [String]
    public var count: Int
    public var totalWeightKg: Double
    public var maxWeightKg: Double?
    public var maxLengthCm: Double?

    package init(group: [String], count: Int, totalWeightKg: Double, maxWeightKg: Double?, maxLengthCm: Double?) {
        (self.group, self.count, self.totalWeightKg, self.maxWeightKg, self.maxLengthCm) = (group, count, totalWeightKg, maxWeightKg, maxLengthCm)
    }
}

public struct CategoryCount: Sendable, Hashable {
    public var category: String
    public var kind: FeatureKind
    public var count: Int
    /// How many of them have a position and so appear in spatial queries.
    public var located: Int

    package init(category: String, kind: FeatureKind, count: Int, located: Int) {
        (self.category, self.kind, self.count, self.located) = (category, kind, count, located)
    }
}

public struct ImportSummary: Sendable {
    public var inserted: [FeatureKind: Int] = [:]
    /// The first `ParsedFile.problemLimit` records left out, and how many more were.
    public var skipped: [ImportProblem] = []
    public var omittedSkipped = 0

    public var skippedCount: Int { skipped.count + omittedSkipped }
}

/// The problems of a refused import, the first `ParsedFile.problemLimit` listed and the rest
/// counted; nothing was stored.
public struct ImportFailure: Error, CustomStringConvertible, Sendable {
    public var problems: [ImportProblem]
    public var omitted: Int

    package init(problems: [ImportProblem], omitted: Int = 0) { (self.problems, self.omitted) = (problems, omitted) }

    public var description: String {
        (["import refused, nothing was stored (\(problems.count + omitted) invalid record(s); --skip-invalid imports the rest):"]
            + problems.map { "  \($0)" } + (omitted > 0 ? ["  … and \(omitted) more"] : [])).joined(separator: "\n")
    }
}

/// The operations every store offers: SpatiaLite (`SpatiaLiteStore`) and PostGIS (`PostGISStore`).
public protocol FeatureStore {
    /// Stores every record of the files in one transaction, or none when a record is invalid
    /// and `skipInvalid` is false.
    func importFiles(_ files: [ParsedFile], skipInvalid: Bool) throws -> ImportSummary
    func nearest(_ query: NearestQuery) throws -> FeaturePage
    func bbox(_ query: BoxQuery) throws -> FeaturePage
    /// The page with every feature's other attributes (`Feature.properties`) filled in.
    func withDetails(_ page: FeaturePage) throws -> FeaturePage
    /// Nearest cinemas with screenings on the local `day` (YYYY-MM-DD in each cinema's zone; nil:
    /// the day it is now in each cinema's zone), optionally only of films whose title contains `film`.
    func cinemas(near center: Coordinate, day: String?, film: String?, limit: Int) throws -> [CinemaProgramme]
    func catchStatistics(by grouping: [CatchGrouping]) throws -> [CatchStatistic]
    func categories() throws -> [CategoryCount]
    /// Every category code a query may name: those of the stored POIs, and the kinds.
    func knownCategories() throws -> Set<String>
    /// A number that changes whenever the stored data does, whoever changed it (caches key by it).
    func dataVersion() throws -> UInt64
    /// Every stored record, one file per kind, ready to import into another store (`copy(to:)`).
    func exportAll() throws -> [ParsedFile]
    /// Runs `body`'s queries against one state of the data (a query and then its details, a
    /// map's fetches), where the store can; not nested, and not around writes.
    func reading<T>(_ body: () throws -> T) throws -> T
}

extension FeatureStore {
    /// Each query on its own: a store without read transactions of its own.
    public func reading<T>(_ body: () throws -> T) throws -> T { try body() }
}
