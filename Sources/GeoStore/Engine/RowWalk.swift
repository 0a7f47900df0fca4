import GeoCore

/// Where a walk of one kind's rows in id order starts and which way it goes: the rows past `row`,
/// above it forward or below it backward, nearest to it first. Backward walks make a `prev` page
/// (`Cursor.backward`), the keyset of a forward walk read from its other end.
public struct RowWalk: Hashable, Sendable {
    public var row: Int64
    public var backward: Bool

    /// Every row, by id.
    public static let all = RowWalk(after: .min)

    public init(after row: Int64) {
        self.row = row
        self.backward = false
    }

    public init(before row: Int64) {
        self.row = row
        self.backward = true
    }

    /// From the first row in the walk's direction: the lowest id forward, the highest backward.
    public init(from cursor: Cursor?, of kind: FeatureKind, backward: Bool) {
        let start = cursor.flatMap { $0.id.kind == kind ? $0.id.row : nil }
        self = backward ? RowWalk(before: start ?? .max) : RowWalk(after: start ?? .min)
    }

    /// Whether the walk reaches `id` (it is not at or behind the start).
    public func reaches(_ id: Int64) -> Bool { backward ? id < row : id > row }

    /// Whether the walk meets `a` before `b`.
    public func precedes(_ a: Int64, _ b: Int64) -> Bool { backward ? a > b : a < b }
}
