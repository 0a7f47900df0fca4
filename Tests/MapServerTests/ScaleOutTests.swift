import Foundation
import GeoStore
import HummingbirdTesting
import SpatiaLiteStore
@testable import PostGISStore
import Testing

/// Stateless servers behind a load balancer: two servers on one PostGIS database answer every
/// route with the same bytes, and the same bytes as a server on the SpatiaLite file it was copied
/// from. Needs `$WAYMARK_TEST_POSTGRES` (.ci/run starts a cluster). (SVG is left out: Cairo numbers
/// its surfaces per process, so two SVGs of one map differ in an id even from one server.)
@Suite struct ScaleOutTests {
    static let postgres = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    static let replica = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES_REPLICA"].flatMap { $0.isEmpty ? nil : $0 }

    static let routes = [
        "/v1/nearest?lat=60.1699&lon=24.9384&limit=25&category=eat,see,water",
        "/v1/nearest?lat=-89&lon=179.5&limit=10",
        "/v1/within?lat=60.17&lon=24.94&radius=3000&limit=40",
        "/v1/bbox?bbox=170,-20,-170,20&limit=50",
        "/v1/bbox?bbox=24.9,60.15,24.98,60.19&category=eat,cinema",
        "/v1/cinemas?lat=60.1699&lon=24.9384&date=\(Fixture.day)",
        "/v1/categories",
        "/v1/map.png?size=320x200&bbox=24.9,60.15,24.98,60.19",
        "/v1/map.png?size=300x200&category=cinema&padding=10",
        "/v1/tiles/15/18654/9480@2x.png",
    ]

    /// Each route's body, after checking its status.
    static func bodies(_ client: any TestClientProtocol) async throws -> [Data] {
        var bodies: [Data] = []
        for route in routes {
            let response = try await client.get(route)
            #expect(response.status == .ok, "\(route)")
            bodies.append(Data(buffer: response.body))
        }
        return bodies
    }

    /// A schema of its own in the test database, holding a copy of the server tests' fixture.
    static func copyOfTheFixture() throws -> (schema: String, primary: PostGISStore) {
        let schema = "scale_out_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let primary = try PostGISStore(url: postgres! + "?schema=" + schema)
        _ = try SpatiaLiteStore(path: Fixture.shared.path, readOnly: true).copy(to: primary)
        return (schema, primary)
    }

    @Test(.enabled(if: postgres != nil, "WAYMARK_TEST_POSTGRES is unset: two servers on PostGIS were not tried"))
    func twoServersOnOnePostGISDatabaseGiveTheSameBytesAsEachOtherAndAsSpatiaLite() async throws {
        let (schema, primary) = try Self.copyOfTheFixture()
        defer { try? primary.execute("DROP SCHEMA \(schema) CASCADE") }
        let url = Self.postgres! + "?schema=" + schema

        let spatiaLite = try await withServer { try await Self.bodies($0) }
        let (first, second) = try await withServer(database: url) { a in
            try await withServer(database: url) { b in (try await Self.bodies(a), try await Self.bodies(b)) }
        }
        for (i, route) in Self.routes.enumerated() {
            #expect(first[i] == second[i], "\(route): the two PostGIS servers differ")
            #expect(first[i] == spatiaLite[i], "\(route): PostGIS and SpatiaLite differ")
        }
        #expect(first.allSatisfy { $0.count > 20 })
    }

    /// The primary + replicas deployment: a server on a streaming replica (a hot standby, which
    /// refuses writes) answers every route with the same bytes as a server on the primary.
    @Test(.enabled(if: postgres != nil && replica != nil, "WAYMARK_TEST_POSTGRES_REPLICA is unset: a server on a replica was not tried"))
    func aServerOnAStreamingReplicaGivesTheSameBytesAsOneOnThePrimary() async throws {
        let (schema, primary) = try Self.copyOfTheFixture()
        defer { try? primary.execute("DROP SCHEMA \(schema) CASCADE") }
        // (A replica, in recovery: `waitForReplay` refuses a primary.)
        try PostGISStore(url: Self.replica!, readOnly: true).waitForReplay(of: primary)

        let onPrimary = try await withServer(database: Self.postgres! + "?schema=" + schema) { try await Self.bodies($0) }
        let onReplica = try await withServer(database: Self.replica! + "?schema=" + schema) { try await Self.bodies($0) }
        for (i, route) in Self.routes.enumerated() {
            #expect(onReplica[i] == onPrimary[i], "\(route): the server on the replica differs")
        }
        #expect(onReplica.allSatisfy { $0.count > 20 })
    }
}
