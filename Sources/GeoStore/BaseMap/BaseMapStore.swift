import GeoCore

/// A store that imports a base map as well as drawing from it: what `waymark base import` writes
/// to and `copy(to:)` copies the base map between.
public protocol BaseMapStore: BaseMapSource {
    /// Stores every source's features in full detail and their generalised copies (`BaseBand`) in
    /// one transaction, after the rows of earlier imports of the same sources are deleted.
    func importBase(_ sources: [BaseSource]) throws -> BaseImportSummary
    /// The stored base map as the sources it was imported from: each one's full-detail features,
    /// in the order they were stored, sources in the order of their import, so that importing them
    /// into another store writes the same rows in the same order.
    func exportBase() throws -> [BaseSource]
}
