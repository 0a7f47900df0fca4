import GeoCore
import Synchronization

/// What a search reads of the whole store, built once per data version and shared by the
/// connections that pass the same cache to their stores (a server's workers): the vocabulary's
/// `TypoIndex` (a million names take seconds) and the places that have a population, whose
/// importance ranks them (`SearchRanking.importancePenalty`). A connection that asks while another
/// builds waits for that build instead of making its own.
public final class SearchCache: Sendable {
    private let cached = Mutex<(version: UInt64, index: TypoIndex)?>(nil)
    /// The version `cached` holds, told without waiting for a build under way.
    private let built = Mutex<UInt64?>(nil)
    private let populations = Mutex<(version: UInt64, rows: [Int64: Int])?>(nil)

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

    /// The population of each POI row that has one, as of `version`.
    package func populations(version: UInt64, read: () throws -> [(row: Int64, population: Int)]) throws -> [Int64: Int] {
        try populations.withLock { cached in
            if let cached, cached.version == version { return cached.rows }
            let rows = Dictionary(try read().map { ($0.row, $0.population) }, uniquingKeysWith: max)
            cached = (version, rows)
            return rows
        }
    }

    /// Whether the index of the data at `version` is built.
    public func holds(version: UInt64) -> Bool { built.withLock { $0 == version } }
}
