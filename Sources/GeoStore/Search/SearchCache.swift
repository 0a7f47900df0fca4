import GeoCore
import Synchronization

/// What a search reads of the whole store, built once per data version and shared by the
/// connections that pass the same cache to their stores (a server's workers): the vocabulary's
/// `TypoIndex` (a million names take seconds) and the places' importance (`RowImportance`), which
/// ranks them. A connection that asks while another
/// builds waits for that build instead of making its own.
public final class SearchCache: Sendable {
    private let cached = Mutex<(version: UInt64, index: TypoIndex)?>(nil)
    /// The version `cached` holds, told without waiting for a build under way.
    private let built = Mutex<UInt64?>(nil)
    private let importance = Mutex<(version: UInt64, rows: RowImportance)?>(nil)

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
