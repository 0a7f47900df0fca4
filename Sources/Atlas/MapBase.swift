/// Where a map's base map (streets, water, parks under the markers) is read from: the manifest's
/// `base:` for a map, else the batch's (`--base`, `--no-base`), else the markers' own database.
public enum MapBase: Sendable, Equatable {
    /// The database the markers come from; one without a base map draws none.
    case database
    /// No base map: the markers alone.
    case none
    /// Another database filled by `waymark base import`: a SpatiaLite file or a postgres:// URL.
    case other(String)
}
