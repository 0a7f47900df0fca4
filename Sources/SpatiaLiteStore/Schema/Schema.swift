import GeoStore

/// The schema, as an ordered list of named migrations. `PRAGMA user_version` records how many have run;
/// a new version appends a migration and never edits an old one. Each migration's SQL is made
/// only when it runs: version 8's asks SQLite's tokenizer which characters to fold
/// (`SearchPrefold`), which every command opening a store would otherwise pay for.
enum Schema {
    typealias SpatialColumn = (table: String, column: String, type: String)

    /// The geometry columns (each with a spatial index) that each migration adds.
    static let spatialColumnsAdded: [[SpatialColumn]] = [
        [("poi", "geom", "POINT"), ("water", "geom", "GEOMETRY"), ("cinema", "geom", "POINT"),
         ("trip", "spot", "POINT"), ("trip", "track", "LINESTRING"), ("catch", "geom", "POINT")],
        [("base", "geom", "GEOMETRY")],
        [],
        [("time_zone", "geom", "POLYGON")],
        [],
    ]

    /// Tables with a spatial index, and the geometry column each one is indexed on.
    static let spatialTables = spatialColumnsAdded.flatMap { $0 }

    /// The SQL that adds the columns and their spatial indexes.
    private static func addSpatialColumns(_ columns: [SpatialColumn]) -> String {
        columns.map { t in
            "SELECT AddGeometryColumn('\(t.table)', '\(t.column)', 4326, '\(t.type)', 'XY');"
                + "SELECT CreateSpatialIndex('\(t.table)', '\(t.column)');"
        }.joined(separator: "\n")
    }

    static let migrations: [Migration] = [
        // 1: the initial schema. Instants are ISO 8601 UTC text; names and descriptions per
        // language are JSON objects keyed by language code, next to one default. A record with a
        // source and source id is unique by them, so importing the same data again updates it.
        Migration("initial schema") { """
        CREATE TABLE poi (
            id INTEGER PRIMARY KEY,
            category TEXT NOT NULL,
            name TEXT NOT NULL,
            names TEXT NOT NULL DEFAULT '{}',
            description TEXT,
            descriptions TEXT NOT NULL DEFAULT '{}',
            address TEXT, phone TEXT, mobile_phone TEXT, email TEXT, website TEXT,
            images TEXT NOT NULL DEFAULT '[]',
            timezone TEXT, source TEXT, source_id TEXT);
        CREATE TABLE water (
            id INTEGER PRIMARY KEY,
            name TEXT, kind TEXT NOT NULL, district TEXT, organisation TEXT,
            source TEXT, source_id TEXT);
        CREATE INDEX water_name ON water(name);
        CREATE TABLE cinema (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL, address TEXT, website TEXT, timezone TEXT NOT NULL,
            source TEXT, source_id TEXT);
        CREATE TABLE screening (
            id INTEGER PRIMARY KEY,
            cinema_id INTEGER NOT NULL REFERENCES cinema(id) ON DELETE CASCADE,
            title TEXT NOT NULL, start_utc TEXT NOT NULL, timezone TEXT NOT NULL,
            minutes INTEGER, rating TEXT, version TEXT);
        CREATE INDEX screening_cinema_start ON screening(cinema_id, start_utc);
        CREATE TABLE trip (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL, start_utc TEXT, end_utc TEXT, notes TEXT, weather TEXT,
            water_id INTEGER REFERENCES water(id) ON DELETE SET NULL,
            source TEXT, source_id TEXT);
        CREATE TABLE catch (
            id INTEGER PRIMARY KEY,
            trip_id INTEGER NOT NULL REFERENCES trip(id) ON DELETE CASCADE,
            species TEXT NOT NULL, length_cm REAL, weight_kg REAL, time_utc TEXT, bait TEXT);
        CREATE INDEX catch_trip ON catch(trip_id);
        CREATE UNIQUE INDEX poi_source ON poi(source, source_id);
        CREATE UNIQUE INDEX water_source ON water(source, source_id);
        CREATE UNIQUE INDEX cinema_source ON cinema(source, source_id);
        CREATE UNIQUE INDEX trip_source ON trip(source, source_id);
        """
        + addSpatialColumns(spatialColumnsAdded[0]) },
        // 2: the base map. Each feature in full detail (band 0) and in generalised copies for
        // smaller scales (bands 1…, `BaseBand`); `source` is the file it came from, whose rows a
        // new import of that file replaces.
        Migration("base map") { """
        CREATE TABLE base (
            id INTEGER PRIMARY KEY,
            source TEXT NOT NULL, layer TEXT NOT NULL, kind TEXT NOT NULL,
            name TEXT, names TEXT NOT NULL DEFAULT '{}', rank INTEGER NOT NULL DEFAULT 0,
            band INTEGER NOT NULL);
        CREATE INDEX base_source ON base(source);
        """
        + addSpatialColumns(spatialColumnsAdded[1]) },
        // 3: a place's population (NULL where the data does not say), by which maps name cities.
        Migration("population") { "ALTER TABLE poi ADD COLUMN population INTEGER;" },
        // 4: time zones. The IANA zones' polygons, one row per polygon with its geodesic area in
        // m² (where polygons overlap, the smallest holds the point); waters and trips get a zone
        // like POIs and cinemas.
        Migration("time zones") { """
        CREATE TABLE time_zone (id INTEGER PRIMARY KEY, zone TEXT NOT NULL, area REAL NOT NULL);
        ALTER TABLE water ADD COLUMN timezone TEXT;
        ALTER TABLE trip ADD COLUMN timezone TEXT;
        """
        + addSpatialColumns(spatialColumnsAdded[3]) },
        // 5: a record's identity is its source and source id. Places and cinemas stored without an
        // id (CSV rows, GeoJSON features without one) get the id a new import gives them,
        // `contentKey`'s `<name>@<lat>,<lon>` (SQLite's text of a double is Swift's for up to 15
        // digits), so that importing their file again updates them; of rows already doubled, the
        // first gets it and the others stay without one (`waymark import --replace-source` removes them).
        Migration("identity by source") { ["poi", "cinema"].map { table in
            """
            UPDATE \(table) SET source_id = k.key FROM (
                SELECT id, source, key, row_number() OVER (PARTITION BY source, key ORDER BY id) AS n FROM (
                    SELECT id, source, name || '@' || coalesce(CAST(ST_Y(geom) AS TEXT) || ',' || CAST(ST_X(geom) AS TEXT), '') AS key
                    FROM \(table) WHERE source_id IS NULL)) AS k
            WHERE \(table).id = k.id AND k.n = 1
            AND NOT EXISTS (SELECT 1 FROM \(table) AS o WHERE o.source IS k.source AND o.source_id = k.key);
            """
        }.joined(separator: "\n") },
        // 6: search by name: the FTS5 text index with its triggers, filled with the stored records.
        Migration("search index") { SearchIndexSQL.migration },
        // 7: search finds the records without a position too, and folds ø, ł, ß and their kin.
        Migration("search without a position") { SearchIndexSQL.migration7 },
        // 8: other names (OSM's alt_name, old_name…, GeoNames' alternatenames), found by search.
        Migration("other names") { SearchIndexSQL.migration8 },
        // 9: a water mapped in pieces is marked once (`WaterMarks`). Triggers note each name a
        // write touches; the writer then chooses again for those names (`regroupWaters`). Not by
        // INSERT OR IGNORE: a trigger takes the conflict rule of the upsert that fires it. A
        // re-import that changes neither name nor geometry notes nothing. A water's words are
        // indexed again only when what they come from changes.
        Migration("water marks") { """
        ALTER TABLE water ADD COLUMN carries_mark INTEGER NOT NULL DEFAULT 1;
        CREATE TABLE water_regroup (name TEXT PRIMARY KEY);
        CREATE TRIGGER water_regroup_insert AFTER INSERT ON water BEGIN
            \(noteName("NEW"))
        END;
        CREATE TRIGGER water_regroup_update AFTER UPDATE OF name, geom ON water
        WHEN OLD.name IS NOT NEW.name OR OLD.geom IS NOT NEW.geom BEGIN
            \(noteName("OLD"))
            \(noteName("NEW"))
        END;
        CREATE TRIGGER water_regroup_delete AFTER DELETE ON water BEGIN
            \(noteName("OLD"))
        END;
        INSERT OR IGNORE INTO water_regroup SELECT DISTINCT name FROM water WHERE name IS NOT NULL;
        """ + SearchIndexSQL.migration9 },
        // 10: each screening keeps the day of its cinema's programme it belongs to (`ProgrammeDays`,
        // YYYY-MM-DD), which an import of that day replaces; NULL in rows written before, which are
        // of their own local day (a zone SQL cannot apply here, so the import does).
        Migration("programme days") { "ALTER TABLE screening ADD COLUMN day TEXT;" },
        // 11: the search words folded by one trigger that the others hand them to, so that the
        // schema every connection parses is 0.1 MB, not 0.8 MB.
        Migration("search fold in one place") { SearchIndexSQL.migration11 },
        // 12: the search index knows a word's field (names first in the ranking, `--in`), and a
        // trip's catches, notes and water are its words too.
        Migration("search fields") { SearchIndexSQL.migration12 },
        // 13: a place's importance counts its category and languages too, which no index of
        // population serves: the search reads the places in one pass instead.
        Migration("importance in one pass") { "DROP INDEX IF EXISTS poi_population;" },
    ]

    /// The statement noting the name of a trigger's `row` (OLD or NEW) for `regroupWaters`.
    private static func noteName(_ row: String) -> String {
        "INSERT INTO water_regroup SELECT \(row).name WHERE \(row).name IS NOT NULL AND NOT EXISTS (SELECT 1 FROM water_regroup WHERE name = \(row).name);"
    }

    /// Tables whose rows are unique by (source, source_id), through an index named `<table>_source`.
    static let sourceKeyedTables = ["poi", "water", "cinema", "trip"]

    static var version: Int { migrations.count }

    /// The version from which the search index has a column per `SearchField`.
    static let searchFieldsVersion = 12

    /// The database's schema version, refused when a newer Waymark wrote it.
    @discardableResult
    static func check(_ db: Database) throws -> Int {
        let current = Int(try db.scalar("PRAGMA user_version") as Int64? ?? 0)
        if current > version {
            throw DatabaseError(description: "\(db.path) has schema version \(current), newer than this Waymark (\(version))")
        }
        return current
    }

    /// Brings the database to the current version, each migration in its own transaction. Two
    /// processes may open a new file at once: each step waits for the write lock and is taken only
    /// when the version read under the lock says it is still to do.
    static func migrate(_ db: Database) throws {
        guard try check(db) < version else { return }
        try db.waitingForTheWriteLock { try migrateInTurn(db) }
    }

    private static func migrateInTurn(_ db: Database) throws {
        try db.transaction {
            if try check(db) == 0, try db.scalar("SELECT count(*) FROM sqlite_master WHERE name = 'spatial_ref_sys'") as Int64? == 0 {
                // Within this transaction, as InitSpatialMetadata(1) would wrap it in its own:
                // thousands of spatial_ref_sys rows in one.
                try db.execute("SELECT InitSpatialMetadata()")
            }
        }
        for (index, migration) in migrations.enumerated() {
            try db.transaction {
                guard try check(db) == index else { return }
                do { try db.execute(migration.sql()) } catch {
                    throw DatabaseError(description: "\(db.path): migration \(index + 1) (\(migration.name)): \(error)")
                }
                try db.execute("PRAGMA user_version = \(index + 1)")
                // AddGeometryColumn reports failure by returning 0, not by an SQL error.
                let registered = try db.scalar("SELECT count(*) FROM geometry_columns") as Int64? ?? 0
                let expected = spatialColumnsAdded.prefix(index + 1).joined().count
                guard registered == expected else {
                    throw DatabaseError(description: "SpatiaLite registered \(registered) of \(expected) geometry columns")
                }
            }
        }
    }
}
