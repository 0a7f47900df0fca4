import GeoCore
import GeoStore
import PostGISStore
import SpatiaLiteStore

/// The one way the CLI and the server open a store from what the user typed: a `postgres://` (or
/// `postgresql://`) URL opens PostGIS, anything else is the path of a SpatiaLite file.
/// A module of its own so that GeoStore alone (SpatiaLite) never links the PostgreSQL driver.
public enum StoreLocation {
    public static func isPostgres(_ location: String) -> Bool { PostGISStore.accepts(location) }

    /// Refuses a malformed postgres:// URL before anything is opened (a path is checked by opening it).
    public static func check(_ location: String) throws(GeoError) {
        if isPostgres(location) { try PostGISStore.check(url: location) }
    }

    /// `memory` applies to SpatiaLite only (a server's many connections stay lean).
    public static func open(_ location: String, readOnly: Bool, memory: SpatiaLiteStore.Memory = .generous,
                            searchCache: SearchCache = SearchCache()) throws -> any FeatureStore {
        if isPostgres(location) { return try PostGISStore(url: location, readOnly: readOnly, searchCache: searchCache) }
        return try SpatiaLiteStore(path: location, readOnly: readOnly, memory: memory, searchCache: searchCache)
    }
}
