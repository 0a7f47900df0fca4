import GeoCore

/// One mark on the map: a single place, or a cluster of the places of one cell (or merged block of cells), of any categories.
public struct MarkGroup: Hashable, Sendable {
    /// Never empty; sorted by `LayoutMark.precedes`, so the first is the most important.
    public var members: [LayoutMark]
    /// Where the mark stands: a single mark's own position; for a cluster, the member nearest
    /// the members' mean — a real place, inside the cell, depending only on the members.
    public var position: Coordinate
    public var isCluster: Bool { members.count > 1 }
    /// The most important member's category.
    public var category: String { members[0].category }
    /// Stable for the same members: the first member's id, prefixed "cluster:" for clusters.
    public var id: String { isCluster ? "cluster:" + members[0].id : members[0].id }

    public init(members: [LayoutMark], position: Coordinate) {
        (self.members, self.position) = (members, position)
    }

    /// The members' categories with their counts, the most numerous first (then by code): a
    /// cluster's ring, slice by slice.
    public var categories: [(code: String, count: Int)] {
        // Counted in a list of the few categories, not a dictionary: a tile forms dozens of rings.
        var counts: [(code: String, count: Int)] = []
        for m in members {
            if let k = counts.firstIndex(where: { $0.code == m.category }) { counts[k].count += 1 } else { counts.append((m.category, 1)) }
        }
        return counts.count < 2 ? counts : counts.sorted { ($1.count, $0.code) < ($0.count, $1.code) }
    }
}
