import GeoCore

/// A match's place in a search's answer: by cost (`SearchRanking`), then by id. A page's cursor
/// is its last feature's.
struct SearchOrder: Comparable {
    var cost: Double
    var id: FeatureID

    static func < (a: SearchOrder, b: SearchOrder) -> Bool { (a.cost, a.id) < (b.cost, b.id) }

    /// Whether `self` comes after `cursor` in the answer.
    func follows(_ cursor: SearchOrder) -> Bool { cursor < self }
}
