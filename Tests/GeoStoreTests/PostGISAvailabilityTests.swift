import Foundation
import GeoCore
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore

/// Says in the test report whether the PostGIS half of the conformance suite ran.
@Suite struct PostGISAvailabilityTests {
    @Test(.enabled(if: StoreKind.postgresURL != nil,
                   "WAYMARK_TEST_POSTGRES is unset: the PostGIS half of the store tests was skipped (.ci/run starts a cluster)"))
    func theTestDatabaseHasPostGIS() throws {
        let temporary = TemporaryStore(.postGIS)
        let store = try #require(try temporary.open() as? PostGISStore)
        #expect(try store.texts("SELECT extname FROM pg_extension WHERE extname = 'postgis'") == ["postgis"])
        #expect(store.schemaVersion == PostGISSchema.current)
    }
}
