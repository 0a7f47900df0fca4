import Synchronization

/// A store's `TypoIndex`, built from its vocabulary once per data version, and shared by the
/// connections that pass the same cache to their stores (a server's workers): the index of a
/// million names takes seconds to build, once for all of them. A connection that asks while
/// another builds waits for that index instead of building its own.
public final class TypoCache: Sendable {
    private let cached = Mutex<(version: UInt64, index: TypoIndex)?>(nil)
    /// The version `cached` holds, told without waiting for a build under way.
    private let built = Mutex<UInt64?>(nil)

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

    /// Whether the index of the data at `version` is built.
    public func holds(version: UInt64) -> Bool { built.withLock { $0 == version } }
}
