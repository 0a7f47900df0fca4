import CSpatiaLite
import GeoCore
import GeoStore

/// The R*Tree query function `waymark_search()`, the one way Waymark walks a spatial index.
///
/// SQLite's R*Tree asks a query function about every node and entry it meets, and visits them
/// (and returns rows) in increasing order of the score the function gives. Three modes:
/// - nearest: the score is a lower bound of the geodesic distance from the centre to the box,
///   which makes the walk a best-first nearest-neighbour search; boxes beyond `threshold` (the
///   radius, or the N-th best distance found so far) are pruned;
/// - within: the same pruning, but every score is 0, so rows come out in no particular order
///   and SQLite's queue stays short (a plain range query, for callers that want all the rows);
/// - box: entries outside the box are pruned; ordered, rows come out in rowid order (descending
///   for a backward walk), so that a page by id can stop after its last row; unordered, every
///   score is 0 (as for within).
/// In all, a POI entry of an unselected category is pruned before SQLite returns it as a row.
///
/// The state lives in this per-connection object (the function's context), not in SQL
/// arguments, so that the Swift loop stepping the rows can lower the threshold mid-walk.
final class RTreeSearch {
    static let function = "waymark_search"

    enum Mode {
        /// The bound stays the same for the whole walk: rows come out in the order of its scores.
        case nearest(DistanceLowerBound)
        case within(DistanceLowerBound)
        case box(BoundingBox, ordered: Bool)
    }

    var mode = Mode.box(BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90), ordered: false)
    /// Nearest mode: nothing farther is wanted; the walk lowers it as it finds better rows.
    var threshold = Double.infinity
    /// Whether the walk left out anything for being beyond the threshold (in the callback, or
    /// once its exact distance was known).
    var prunedByDistance = false
    /// Box mode: the rows it does not reach were on earlier pages.
    var walk = RowWalk.all
    /// Selected category numbers of POI rows, when a category filter applies.
    var categories: CategorySelection?

    func register(on db: Database) throws {
        guard sqlite3_rtree_query_callback(db.handle, Self.function, { info in
            guard let info, info.pointee.nCoord == 4, let context = info.pointee.pContext else { return SQLITE_ERROR }
            // Borrowed, not retained: SQLite calls this for every entry of every node it visits.
            Unmanaged<RTreeSearch>.fromOpaque(context)._withUnsafeGuaranteedRef { $0.score(info) }
            return SQLITE_OK
        }, Unmanaged.passUnretained(self).toOpaque(), nil) == SQLITE_OK else {
            throw DatabaseError(description: "cannot register \(Self.function): \(db.errorMessage)")
        }
    }

    private func score(_ info: UnsafeMutablePointer<sqlite3_rtree_query_info>) {
        let c = info.pointee.aCoord!
        // iLevel 0 is an entry of a leaf, and then iRowid is its row.
        let row: Int64? = info.pointee.iLevel == 0 ? info.pointee.iRowid : nil
        if let row, categories?.contains(row: row) == false {
            info.pointee.eWithin = NOT_WITHIN
            return
        }
        switch mode {
        case let .nearest(bound), let .within(bound):
            let score = bound(minLon: c[0], maxLon: c[1], minLat: c[2], maxLat: c[3])
            if case .nearest = mode { info.pointee.rScore = score } else { info.pointee.rScore = 0 }
            info.pointee.eWithin = score > threshold ? NOT_WITHIN : PARTLY_WITHIN
            if score > threshold { prunedByDistance = true }
        case let .box(box, ordered):
            let meets = c[0] <= box.maxLon && c[1] >= box.minLon && c[2] <= box.maxLat && c[3] >= box.minLat
            if !meets || row.map({ !walk.reaches($0) }) == true {
                info.pointee.eWithin = NOT_WITHIN
            } else {
                // Nodes first (score 0), then rows in the walk's order: scores stay positive, as
                // nodes must come first, and exact for ids below 2^53.
                info.pointee.rScore = ordered ? row.map { walk.backward ? 0x1p53 - Double($0) : Double($0) } ?? 0 : 0
                info.pointee.eWithin = PARTLY_WITHIN
            }
        }
    }
}
