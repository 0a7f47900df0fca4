import GeoCore

public struct FeaturePage: Sendable {
    public var features: [Feature]
    /// Set when more results follow; pass it back as `after`.
    public var next: Cursor?
}
