import GeoCore

/// A place the map may draw as a mark (a pin, a dot, or one of a cluster's members).
public struct LayoutMark: Hashable, Sendable {
    public var id: String
    public var category: String
    public var position: Coordinate
    public var label: String?
    /// Lower is more important (the style's label priority of the category; a town's is
    /// `townPriority`, before every category)…
    public var priority: Int
    /// …then higher is more important (the guide's own objects before OpenStreetMap's); ties are broken by `id`.
    public var importance: Int

    /// The priority of a place of at least the style's `labels.town_population`.
    public static let townPriority = -1

    /// A town or capital (`labels.town_population`), which names the cluster it is in.
    public var isTown: Bool { priority == Self.townPriority }

    public init(id: String, category: String, position: Coordinate, label: String? = nil, priority: Int = 0, importance: Int = 0) {
        (self.id, self.category, self.position, self.label, self.priority, self.importance) = (id, category, position, label, priority, importance)
    }

    /// The total order used everywhere: (priority, importance, id), then the remaining fields, so
    /// that even duplicate ids cannot make the result depend on input order.
    static func precedes(_ a: LayoutMark, _ b: LayoutMark) -> Bool {
        // Field by field rather than as tuples, which copy (and retain) the ids for every comparison.
        if a.priority != b.priority { return a.priority < b.priority }
        if a.importance != b.importance { return a.importance > b.importance }
        if a.id != b.id { return a.id < b.id }
        return (a.position.lat, a.position.lon, a.category, a.label ?? "") < (b.position.lat, b.position.lon, b.category, b.label ?? "")
    }
}
