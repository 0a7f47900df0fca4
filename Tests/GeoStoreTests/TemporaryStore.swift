import Foundation
import Testing
@testable import GeoStore
@testable import SpatiaLiteStore
@testable import PostGISStore

/// The stores the conformance suite runs against: SpatiaLite always, PostGIS when
/// `$WAYMARK_TEST_POSTGRES` names a database with the postgis extension (.ci/run starts one with
/// scripts/pg-test-cluster.sh). Without it the PostGIS half is skipped, and
/// `PostGISAvailabilityTests` says so in the test report.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case spatiaLite, postGIS

    static let postgresURL = ProcessInfo.processInfo.environment["WAYMARK_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 }
    static let available: [StoreKind] = postgresURL == nil ? [.spatiaLite] : allCases

    var testDescription: String { rawValue }
}

/// A fresh, empty database of one kind: a SpatiaLite file in a temporary folder, or a schema of
/// its own in the test database (so that tests run in parallel), dropped at deinit.
final class TemporaryStore {
    let kind: StoreKind
    let files = TemporaryDatabase()
    private let schema = "test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()

    init(_ kind: StoreKind) { self.kind = kind }

    /// Where the store is: a file path, or a postgres:// URL.
    var location: String {
        switch kind {
        case .spatiaLite: files.path
        case .postGIS: StoreKind.postgresURL! + "?schema=" + schema
        }
    }

    /// A new connection to the database (created and migrated on first use).
    func open(readOnly: Bool = false) throws -> any TestedStore {
        switch kind {
        case .spatiaLite: try SpatiaLiteStore(path: location, readOnly: readOnly)
        case .postGIS: try PostGISStore(url: location, readOnly: readOnly)
        }
    }

    deinit {
        guard kind == .postGIS, let store = try? PostGISStore(url: location) else { return }
        try? store.execute("DROP SCHEMA \(schema) CASCADE")
    }
}
