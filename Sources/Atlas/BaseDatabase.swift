import GeoStore
import Stores

/// A database a map's base map is read from instead of the markers' own (`MapBase.other`):
/// checked once before any map is drawn, then opened by each worker that draws over it.
public enum BaseDatabase {
    /// Why a base database cannot be used, in words to follow the option or key that named it.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Opens `location` read-only and refuses one that cannot be opened or holds no base map (a
    /// map over it would silently draw none). Gives what a map's stamp says of it: where it is and
    /// its data version, which every import changes.
    public static func check(_ location: String) throws(Refusal) -> String {
        let sources: [String], version: UInt64
        do {
            let store = try open(location)
            (sources, version) = (try store.baseSources(), try store.dataVersion())
        } catch let refusal as Refusal { throw refusal } catch { throw Refusal(description: "\(error)") }
        guard !sources.isEmpty else {
            let name = MapStamp.identity(of: location)
            throw Refusal(description: "\(name) holds no base map; fill it with `waymark base import --db \(name) FILE…`")
        }
        return "\(MapStamp.identity(of: location)), data version \(version)"
    }

    /// A read-only connection of the caller's own: a store is used by one thread at a time.
    static func open(_ location: String) throws -> any FeatureStore & BaseMapSource {
        guard let store = try StoreLocation.open(location, readOnly: true) as? any FeatureStore & BaseMapSource else {
            throw Refusal(description: "\(MapStamp.identity(of: location)) is a store that holds no base map")
        }
        return store
    }
}
