import Foundation
@testable import PostGISStore
import Testing
import SpatiaLiteStore

/// The schema `temporary` opens, as a Waymark of schema version `version` left it: its first
/// `version` migrations run (they are never edited). A writable connection to it, for a test's
/// old rows; opening `temporary` then migrates it.
func oldPostGISSchema(_ temporary: TemporaryStore, version: Int) throws -> PostGISStore {
    let schema = try #require(temporary.location.components(separatedBy: "?schema=").last)
    let old = try PostGISStore(url: try #require(StoreKind.postgresURL), readOnly: true)
    try old.execute("SET default_transaction_read_only = off")
    try old.execute("CREATE SCHEMA \(schema)")
    try old.execute("SET search_path TO \(schema), public")
    try old.execute("CREATE TABLE waymark_schema (version integer NOT NULL, data_version bigint NOT NULL DEFAULT 0)")
    try old.execute("INSERT INTO waymark_schema (version) VALUES (\(version))")
    for sql in PostGISSchema.migrations.prefix(version).map({ $0.sql() }) {
        for statement in PostGISSchema.statements(sql) where !statement.allSatisfy(\.isWhitespace) { try old.execute(statement) }
    }
    return old
}
