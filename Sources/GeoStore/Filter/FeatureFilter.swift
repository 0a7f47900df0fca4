import Foundation
import GeoCore

/// A condition on a feature's own columns (its name, category and source) and its geometry, which
/// a listing (`KindQuery.filter`) keeps the features that meet: `name=` and CQL2 text (`CQL2Text`)
/// both become one. Text compares as stored, after Unicode canonical composition (NFC) on both
/// sides: case and accents count, and `name` is the record's own name, not a translation of it
/// (`/v1/search` is the place for any case, any language). A missing value, or a missing position,
/// makes a comparison or a spatial test unknown, which NOT leaves unknown (`meets`).
public indirect enum FeatureFilter: Hashable, Sendable {
    public enum Property: String, CaseIterable, Sendable {
        case name, category, source
    }

    public enum Comparison: String, Sendable {
        case equal = "=", notEqual = "<>", less = "<", greater = ">", lessOrEqual = "<=", greaterOrEqual = ">="

        /// The same comparison with its sides swapped (`'a' < name` is `name > 'a'`).
        public var reversed: Comparison {
            switch self {
            case .equal, .notEqual: self
            case .less: .greater
            case .greater: .less
            case .lessOrEqual: .greaterOrEqual
            case .greaterOrEqual: .lessOrEqual
            }
        }
    }

    case compare(Property, Comparison, String)
    case isNull(Property)
    /// The feature's geometry meets the box (which may cross the antimeridian); a feature without a position never does.
    case intersects(BoundingBox)
    case not(FeatureFilter)
    case and([FeatureFilter])
    case or([FeatureFilter])

    /// Whether the feature meets the filter: true only, as CQL2 has it, not false or unknown.
    public func keeps(_ feature: Feature) -> Bool { meets(feature) == true }

    /// CQL2's three values (nil: unknown): a comparison with a missing value, or a spatial test of
    /// a feature without a position, is unknown, and stays so under NOT; AND and OR as Kleene's.
    func meets(_ feature: Feature) -> Bool? {
        switch self {
        case let .compare(property, comparison, value):
            guard let own = Self.value(of: property, in: feature) else { return nil }
            let (a, b) = (own.precomposedStringWithCanonicalMapping, value.precomposedStringWithCanonicalMapping)
            // Unicode code point order, the same on every machine and locale.
            let (x, y) = (Array(a.unicodeScalars.map(\.value)), Array(b.unicodeScalars.map(\.value)))
            switch comparison {
            case .equal: return x == y
            case .notEqual: return x != y
            case .less: return x.lexicographicallyPrecedes(y)
            case .greater: return y.lexicographicallyPrecedes(x)
            case .lessOrEqual: return !y.lexicographicallyPrecedes(x)
            case .greaterOrEqual: return !x.lexicographicallyPrecedes(y)
            }
        case let .isNull(property):
            return Self.value(of: property, in: feature) == nil
        case let .intersects(box):
            guard feature.isLocated else { return nil }
            return box.unwrapped.contains { $0.meets(feature.geometry) }
        case let .not(filter):
            return filter.meets(feature).map(!)
        case let .and(filters):
            var unknown = false
            for filter in filters {
                switch filter.meets(feature) {
                case false?: return false
                case nil: unknown = true
                case true?: continue
                }
            }
            return unknown ? nil : true
        case let .or(filters):
            var unknown = false
            for filter in filters {
                switch filter.meets(feature) {
                case true?: return true
                case nil: unknown = true
                case false?: continue
                }
            }
            return unknown ? nil : false
        }
    }

    /// A box that every feature the filter keeps meets, when the filter says so at its top (an
    /// `intersects`, alone or in an `and`): a listing walks that box's index instead of every row.
    public var box: BoundingBox? {
        switch self {
        case let .intersects(box): box
        case let .and(filters): filters.lazy.compactMap(\.box).first
        case .compare, .isNull, .not, .or: nil
        }
    }

    private static func value(of property: Property, in feature: Feature) -> String? {
        switch property {
        case .name: feature.name
        case .category: feature.category
        case .source: feature.source
        }
    }
}
