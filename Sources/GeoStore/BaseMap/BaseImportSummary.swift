import GeoCore

/// What a base import stored.
public struct BaseImportSummary: Sendable, Equatable {
    /// Features in full detail (band 0), by layer.
    public var features: [BaseLayer: Int] = [:]
    /// Generalised copies, by band (1…).
    public var copies: [Int: Int] = [:]
    /// Rows of earlier imports of the same files, replaced.
    public var replaced = 0

    package init() {}
}
