import GeoCore

public struct FeaturePage: Sendable {
    public var features: [Feature]
    /// Set when more results follow; pass it back as `after`.
    public var next: Cursor?
    /// Set on a page by id that has others before it (a backward cursor); pass it back as `after`.
    public var previous: Cursor?
    /// Each trip's catches, filled in by `withDetails` (a list, which flat properties cannot hold).
    public var catches: [FeatureID: [CatchRecord]] = [:]
    /// How many features match in all: a search's, and a listing's (`KindQuery`) when its first
    /// page holds them all; nil otherwise.
    public var total: Int?

    public init(features: [Feature], next: Cursor?, previous: Cursor? = nil, total: Int? = nil) {
        self.features = features
        self.next = next
        self.previous = previous
        self.total = total
    }

    /// The page of a walk by id from `cursor` (forward without one), given the features in the
    /// walk's order, one more than `limit` when the walk goes on. Forward, a page reached by a
    /// cursor has a page before it; backward, the page the cursor came from follows it.
    init(walked: [Feature], limit: Int, from cursor: Cursor?) {
        let backward = cursor?.backward == true, more = walked.count > limit
        var page = Array(walked.prefix(limit))
        if backward { page.reverse() }
        let previous = backward ? (more ? page.first : nil) : (cursor == nil ? nil : page.first)
        let next = backward ? page.last : (more ? page.last : nil)
        self.init(features: page, next: next.map { Cursor(distance: nil, id: $0.id) },
                  previous: previous.map { Cursor(distance: nil, id: $0.id, backward: true) })
    }
}
