import GeoCore

/// A base-map file as a store imports it: its name, kept as the features' source (a new import
/// of the same name replaces them), and a reader that hands its features over in batches. The
/// reading happens inside the import's transaction, so a reader that fails half-way (a truncated
/// file) leaves the database as it was.
public struct BaseSource {
    public let name: String
    public let read: (_ batch: ([BaseFeature]) throws -> Void) throws -> Void

    public init(name: String, read: @escaping (_ batch: ([BaseFeature]) throws -> Void) throws -> Void) {
        (self.name, self.read) = (name, read)
    }
}
