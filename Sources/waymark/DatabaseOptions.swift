import ArgumentParser
import BaseData
import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore
import Stores

/// `--db`, else `$WAYMARK_DB`, else the default database built from Data/: a SpatiaLite file, or
/// PostGIS for a postgres:// URL.
///
/// On a command group (`stats`, `timezone`, `base`) as on each of its subcommands, so that `--db`
/// is taken before the subcommand as after it (`stats --db FILE catches`, `stats catches --db
/// FILE`): the group's parse takes `--db` wherever it stands, and ArgumentParser gives the
/// subcommand's `@OptionGroup` of this type the value the group decoded. One parse, one value; the
/// subcommand's help still lists `--db`. Every subcommand of such a group takes `--db`, or the
/// group would take one that its subcommand then ignores.
struct DatabaseOptions: ParsableArguments {
    @Option(help: "A SpatiaLite file, or postgres://user@host:port/database for PostGIS (default: $WAYMARK_DB, else the demo data in Data/, which import does not write to).")
    var db: String?

    /// `--db`, else `$WAYMARK_DB` (an empty one is unset): the user's own database, if named.
    var named: String? { db ?? ProcessInfo.processInfo.environment["WAYMARK_DB"].flatMap { $0.isEmpty ? nil : $0 } }

    /// The file or URL `open` opens: the user's, else the default database.
    var location: String {
        get throws { try named ?? DefaultDataset.databasePath { $0.map { BaseReader(path: $0, layer: nil).importSource() } } }
    }

    func validate() throws {
        if let db { try Self.check(db, option: "db") }
    }

    /// The database to read.
    func open() throws -> any FeatureStore { try Self.open(try location, readOnly: true) }

    /// The user's database, for a command that writes: never the default one, which is rebuilt
    /// from Data/ alone, so that rows written into it would vanish at its next rebuild.
    func openForWriting() throws -> any FeatureStore {
        guard let named else {
            throw ValidationError("no database to write to: give --db FILE (or a postgres:// URL), or set $WAYMARK_DB; "
                                  + "the default database holds the demo data of Data/ and is rebuilt from it, which would drop imported rows")
        }
        return try Self.open(named, readOnly: false)
    }

    /// Runs `body` with the user's database for writing (`openForWriting`). A SpatiaLite file that
    /// was not there before is removed when `body` fails, so that a failed command leaves no empty
    /// database behind; one that was there stays as it was (the failure rolled its transaction back).
    func writing<T>(_ body: (any FeatureStore) throws -> T) throws -> T {
        let created = named.flatMap { StoreLocation.isPostgres($0) || FileManager.default.fileExists(atPath: $0) ? nil : $0 }
        do {
            return try body(try openForWriting())
        } catch {
            // The store was closed when `body` returned: its files go with it.
            if let created { for suffix in ["", "-wal", "-shm", "-journal"] { try? FileManager.default.removeItem(atPath: created + suffix) } }
            throw error
        }
    }

    /// Refuses an empty name or a malformed URL as an error naming `option`.
    static func check(_ location: String, option: String) throws {
        // SQLite takes an empty name for a temporary database, deleted when it closes.
        guard !location.isEmpty else { throw ValidationError("--\(option): empty; give a file or a postgres:// URL") }
        do { try StoreLocation.check(location) } catch let .invalid(_, reason) { throw ValidationError("--\(option): \(reason)") }
    }

    /// The store at a file path or URL; a malformed URL is an error naming `option`.
    static func open(_ location: String, readOnly: Bool, option: String = "db") throws -> any FeatureStore {
        do { return try StoreLocation.open(location, readOnly: readOnly) } catch let GeoError.invalid(_, reason) {
            throw ValidationError("--\(option): \(reason)")
        }
    }
}
