import GeoCore

public struct FeaturePage: Sendable {
    public var features: [Feature]
    /// Set when more results follow; pass it back as `after`.
    public var next: Cursor?
    /// Each trip's catches, filled in by `withDetails` (a list, which flat properties cannot hold).
    public var catches: [FeatureID: [CatchRecord]] = [:]

    public init(features: [Feature], next: Cursor?) { (self.features, self.next) = (features, next) }
}
