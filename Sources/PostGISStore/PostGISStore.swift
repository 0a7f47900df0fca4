import Foundation
import GeoCore
import GeoStore
import Logging
import NIOCore
import NIOPosix
import PostgresNIO

/// The scaled-out store: PostgreSQL + PostGIS, one connection per instance (like `SpatiaLiteStore`,
/// one instance per thread; open one per worker for parallel readers).
///
/// The protocol is synchronous and postgres-nio is asynchronous. Stores are called from threads
/// that are not event loops (the CLI's main thread, the server's worker pool), which may block:
/// each call sends its query on the connection's event loop (NIO's shared group) and waits for
/// the answer. The event loops stay free to do the I/O for every store meanwhile; calling a store
/// from an event loop would deadlock, and NIO traps that in debug builds.
public final class PostGISStore: QueryEngine, Transactional {
    let connection: PostgresConnection
    let logger = Logger(label: "waymark.postgis")
    /// The URL it was opened with, for messages (without a password).
    public let location: String
    /// The POI categories as of a data version: the server checks every `category=` against them,
    /// and finding them anew reads every row (0.1 s for a million).
    var knownPOICategories: (version: UInt64, codes: Set<String>)?
    /// The names records come from, as of a data version (`knownSources`).
    var knownSourceNames: (version: UInt64, names: Set<String>)?
    public let searchCache: SearchCache
    /// The queries' statements, prepared once per connection and kept by their text, which holds
    /// no values (a few dozen at most): parsing and planning a nearest query over every kind, four
    /// statements in one, costs a third of its time.
    private var statements: [String: PreparedQuery] = [:]
    /// Whether its schema has been seen to hold the base table (`holdsBase`), and its sources and
    /// box as of a data version (`baseSources`, `baseBounds`).
    var hasBaseTable = false
    var baseSourceList: (version: UInt64, sources: [String])?
    var baseBox: (version: UInt64, box: BoundingBox?)?
    /// Whether the schema holds time zone polygons, as of a data version (`holdsZones`).
    var hasZones: (version: UInt64, holds: Bool)?

    /// Opens the database at `url` (`postgres://user[:password]@host[:port]/database[?schema=name]`)
    /// and, unless read-only, creates or migrates Waymark's tables (in `schema`, default `public`);
    /// `searchCache` may be shared with other connections to it.
    public init(url: String, readOnly: Bool = false, searchCache: SearchCache = SearchCache()) throws {
        self.searchCache = searchCache
        let target = try PostgresURL(url)
        location = target.display
        do {
            connection = try PostgresConnection.connect(on: MultiThreadedEventLoopGroup.singleton.next(), configuration: target.configuration,
                                                        id: 1, logger: logger).wait()
        } catch {
            throw DatabaseError(description: "cannot connect to \(location): \(Self.message(error))")
        }
        if let schema = target.schema {
            if readOnly {
                // Else a misspelt schema would fall back to public's tables along the search path.
                var binds = PostgresBindings()
                binds.append(schema)
                guard try rows("SELECT count(*) FROM pg_namespace WHERE nspname = $1", binds).first?[0].decode(Int.self) == 1 else {
                    throw DatabaseError(description: "\(location): the schema '\(schema)' does not exist")
                }
            } else {
                try execute("CREATE SCHEMA IF NOT EXISTS \(PostgresURL.quoted(schema))")
            }
            // PostGIS's functions and types stay in public, where the extension lives.
            try execute("SET search_path TO \(PostgresURL.quoted(schema)), public")
        }
        if readOnly {
            // A replica refuses writes anyway; a primary opened read-only does too.
            try execute("SET default_transaction_read_only = on")
            try PostGISSchema.check(self)
        } else {
            try PostGISSchema.migrate(self)
            // Names another program's writes (or migration 9) left to choose a water's mark for.
            if try rows("SELECT EXISTS (SELECT 1 FROM water_regroup)").first?[0].decode(Bool.self) == true {
                try transaction {
                    try execute("LOCK TABLE water IN SHARE ROW EXCLUSIVE MODE")
                    try regroupWaters()
                    // Servers drawing from this database read new marks as new data.
                    try execute("UPDATE waymark_schema SET data_version = data_version + 1")
                }
            }
        }
    }

    // Waited for: postgres-nio wants a connection closed before it goes. Like every call, this
    // blocks, so the last reference must not go away on an event loop (nor does it: stores live
    // on the threads that use them).
    deinit { try? connection.close().wait() }

    /// Whether `location` is a URL this store opens (postgres:// or postgresql://).
    public static func accepts(_ location: String) -> Bool { PostgresURL.isPostgres(location) }

    /// Refuses a malformed URL without connecting, naming what is missing.
    public static func check(url: String) throws(GeoError) { _ = try PostgresURL(url) }

    package var begin: String { "BEGIN" }
    package func execute(_ sql: String) throws { _ = try rows(sql) }

    public var schemaVersion: Int { (try? PostGISSchema.version(self)) ?? 0 }

    /// Whether `search_word` keeps each word's field (`PostGISSchema.searchFieldsVersion`), as
    /// the connection first finds it: a read-only one may meet an older schema.
    lazy var searchIsFielded = schemaVersion >= PostGISSchema.searchFieldsVersion

    // MARK: The bridge

    /// All rows of a query, waited for (see the type's comment).
    func rows(_ sql: String, _ binds: PostgresBindings = PostgresBindings()) throws -> [Row] {
        do {
            return try connection.query(PostgresQuery(unsafeSQL: sql, binds: binds), logger: logger).wait().map { Row(cells: Array($0)) }
        } catch {
            throw Self.failure(error, in: sql)
        }
    }

    /// The server's words for a failed query, and the query.
    private static func failure(_ error: any Error, in sql: String) -> DatabaseError {
        DatabaseError(description: "\(message(error)) — in: \(sql.prefix(200))")
    }

    func execute(_ sql: String, _ binds: PostgresBindings) throws { _ = try rows(sql, binds) }

    /// All rows of one of the queries, through its prepared statement.
    func rows(prepared sql: String, _ parameters: Parameters) throws -> [Row] {
        do {
            let statement: PreparedQuery
            if let prepared = statements[sql] {
                statement = prepared
            } else {
                statement = try connection.prepare(query: sql).wait()
                statements[sql] = statement
            }
            // Its rows come in binary, as every extended query's, but the description it keeps from the
            // preparation says text (postgres-nio 1.33 hands that on unchanged): the cells say binary.
            return try statement.execute(parameters.values).wait().map { row in
                var cells: [PostgresCell] = []
                cells.reserveCapacity(row.count)
                // Through the row's iterator: its indices find each cell anew.
                for cell in row {
                    cells.append(PostgresCell(bytes: cell.bytes, dataType: cell.dataType, format: .binary, columnName: cell.columnName, columnIndex: cell.columnIndex))
                }
                return Row(cells: cells)
            }
        } catch {
            // Prepared anew next time: a statement may have gone stale (a table changed under it).
            statements[sql] = nil
            throw Self.failure(error, in: sql)
        }
    }

    /// Async driver code that has no EventLoopFuture form (COPY), run to completion and waited for.
    /// Its task runs on the connection's event loop, not on Swift's cooperative pool: a caller
    /// blocked on the pool (a synchronous call from async code, as in the tests) may hold every
    /// thread the task would need.
    func blocking<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let promise = connection.eventLoop.makePromise(of: T.self)
        Task(executorPreference: EventLoopTaskExecutor(connection.eventLoop)) {
            do { promise.succeed(try await work()) } catch { promise.fail(error) }
        }
        do { return try promise.futureResult.wait() } catch {
            throw DatabaseError(description: Self.message(error))
        }
    }

    /// The server's own words for an error: PSQLError's description hides them on purpose.
    static func message(_ error: any Error) -> String {
        guard let error = error as? PSQLError else { return "\(error)" }
        if let server = error.serverInfo, let text = server[.message] {
            return [text, server[.detail]].compactMap { $0 }.joined(separator: ": ")
        }
        return String(reflecting: error)
    }

}

/// The values of a prepared statement's $1, $2, … (postgres-nio prepares statements of a text known
/// only at run time through its older API, which takes its values in this form). Their types are
/// the server's inference from the SQL, not declared: a placeholder must stand where PostgreSQL
/// infers the type of the value given (bigint, double precision, text, text[]), or be cast there.
struct Parameters {
    private(set) var values: [PostgresData] = []
    var count: Int { values.count }
    mutating func append(_ value: Double) { values.append(PostgresData(double: value)) }
    mutating func append(_ value: Int) { values.append(PostgresData(int: value)) }
    mutating func append(_ value: Int64) { values.append(PostgresData(int64: value)) }
    mutating func append(_ value: String) { values.append(PostgresData(string: value)) }
    mutating func append(_ value: [Int64]) { values.append(PostgresData(array: value.map { PostgresData(int64: $0) }, elementType: .int8)) }
    mutating func append(_ value: [String]) { values.append(PostgresData(array: value.map { PostgresData(string: $0) }, elementType: .text)) }
}

/// A row's cells by position. (postgres-nio's random-access row also builds a table of column
/// names for every row, which cost more than the rest of a query's work in Swift.)
struct Row {
    let cells: [PostgresCell]
    subscript(column: Int) -> PostgresCell { cells[column] }
}

/// Runs a task's jobs on one event loop (see `PostGISStore.blocking`).
final class EventLoopTaskExecutor: TaskExecutor {
    let loop: any EventLoop

    init(_ loop: any EventLoop) { self.loop = loop }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        loop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}

/// `postgres://user[:password]@host[:port]/database[?schema=name]`, as libpq writes it (also `postgresql://`).
struct PostgresURL {
    let configuration: PostgresConnection.Configuration
    let schema: String?
    let display: String

    static func isPostgres(_ text: String) -> Bool { text.hasPrefix("postgres://") || text.hasPrefix("postgresql://") }

    init(_ text: String) throws(GeoError) {
        guard Self.isPostgres(text), let url = URLComponents(string: text) else {
            throw .invalid(field: .database, reason: "'\(text)' is not a postgres://user@host:port/database URL")
        }
        guard let host = url.host, !host.isEmpty else { throw .invalid(field: .database, reason: "'\(text)' names no host") }
        let database = String(url.path.drop { $0 == "/" })
        guard !database.isEmpty, !database.contains("/") else {
            throw .invalid(field: .database, reason: "'\(text)' names no database (postgres://user@host:port/database)")
        }
        guard let user = url.user, !user.isEmpty else { throw .invalid(field: .database, reason: "'\(text)' names no user (postgres://user@host…)") }
        let port = url.port ?? 5432
        var schema: String?
        for item in url.queryItems ?? [] {
            guard item.name == "schema", let value = item.value, !value.isEmpty else {
                throw .invalid(field: .database, reason: "'\(text)': unknown parameter '\(item.name)' (only ?schema=NAME)")
            }
            schema = value
        }
        // Loopback and private networks are the deployments this serves; TLS is a proxy's or a later option's.
        configuration = PostgresConnection.Configuration(host: host, port: port, username: user, password: url.password,
                                                         database: database, tls: .disable)
        self.schema = schema
        display = "postgres://\(user)@\(host):\(port)/\(database)" + (schema.map { "?schema=\($0)" } ?? "")
    }

    static func quoted(_ identifier: String) -> String { "\"" + identifier.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }
}

extension PostGISStore {
    /// Waits until this store, a streaming replica, has replayed everything `primary` has written
    /// so far (for the tests of servers on replicas; a replica follows its primary with a lag).
    package func waitForReplay(of primary: PostGISStore, timeout: Duration = .seconds(30)) throws {
        guard try rows("SELECT pg_is_in_recovery()").first?[0].decode(Bool.self) == true else {
            throw DatabaseError(description: "\(location) is not a replica")
        }
        // The insert position: with synchronous_commit off, the last commit may not be written yet.
        let written = try primary.rows("SELECT pg_current_wal_insert_lsn()::text").first?[0].decode(String.self) ?? "0/0"
        let deadline = ContinuousClock.now + timeout
        var binds = PostgresBindings()
        binds.append(written)
        while try rows("SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false)", binds).first?[0].decode(Bool.self) != true {
            guard ContinuousClock.now < deadline else { throw DatabaseError(description: "\(location) has not replayed \(written) from its primary") }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
