import CSpatiaLite

/// The SQLite and SpatiaLite this process runs on, for `waymark --version`.
public enum SQLiteLibraries {
    public static var sqlite: String { String(cString: sqlite3_libversion()) }
    public static var spatiaLite: String { String(cString: spatialite_version()) }
}
