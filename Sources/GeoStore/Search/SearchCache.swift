import GeoCore
import Synchronization

/// What a search reads of the whole store, built once per data version and shared by the
/// connections that pass the same cache to their stores (a server's workers): the vocabulary's
/// `TypoIndex` (a million names take seconds) and the places' importance (`RowImportance`), which
/// ranks them. A connection that asks while another builds waits for that build instead of
/// making its own.
public final class SearchCache: Sendable {
    private let cached = Mutex<(version: UInt64, index: TypoIndex)?>(nil)
    /// The version `cached` holds, told without waiting for a build under way.
    private let built = Mutex<UInt64?>(nil)
    private let importance = Mutex<(version: UInt64, rows: RowImportance)?>(nil)
    /// How many places' importance searches have read by row since the data's version changed.
    private let readByRow = Mutex<(version: UInt64, rows: Int)?>(nil)

    public init() {}

    package func index(version: UInt64, vocabulary: () throws -> [String]) throws -> TypoIndex {
        try cached.withLock { cached in
            if let cached, cached.version == version { return cached.index }
            let index = TypoIndex(vocabulary: try vocabulary())
            cached = (version, index)
            built.withLock { $0 = version }
            return index
        }
    }

    /// The importance of the POI rows as of `version`, if it has been read.
    package func importance(version: UInt64) -> RowImportance? {
        importance.withLock { $0?.version == version ? $0?.rows : nil }
    }

    /// Counts `rows` more places read by row at `version`; whether the reads so far come to more
    /// than `limit`, past which reading the whole table once is cheaper.
    package func readingByRow(_ rows: Int, version: UInt64, limit: Int) -> Bool {
        readByRow.withLock { read in
            let total = (read?.version == version ? read!.rows : 0) + rows
            read = (version, total)
            return total > limit
        }
    }

    /// The importance of the POI rows, as of `version`, from the rows that may have some.
    package func importance(version: UInt64, read: () throws -> [SearchRanking.Candidate]) throws -> RowImportance {
        try importance.withLock { cached in
            if let cached, cached.version == version { return cached.rows }
            let rows = RowImportance(try read())
            cached = (version, rows)
            return rows
        }
    }

    /// Whether the index of the data at `version` is built.
    public func holds(version: UInt64) -> Bool { built.withLock { $0 == version } }
}
