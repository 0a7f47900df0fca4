@testable import GeoStore
@testable import SpatiaLiteStore

/// A SpatiaLite file at `path` as a Waymark of schema version `version` left it: its first
/// `version` migrations run (they are never edited). Opening it as a store then migrates it.
func oldSpatiaLiteDatabase(_ path: String, version: Int) throws -> Database {
    let db = try Database(path: path)
    try db.execute("SELECT InitSpatialMetadata(1)")
    for migration in Schema.migrations.prefix(version) { try db.execute(migration.sql()) }
    try db.execute("PRAGMA user_version = \(version)")
    return db
}
