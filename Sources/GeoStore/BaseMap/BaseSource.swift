import GeoCore

/// A base-map file as a store imports it: its name, kept as the features' source (a new import
/// of the same name replaces them), and a reader that hands its features over in batches. The
/// reading happens inside the import's transaction, so a reader that fails half-way (a truncated
/// file) leaves the database as it was.
public struct BaseSource {
    public let name: String
    /// Other sources whose stored features this one replaces as well (a file of the same name
    /// imported from another folder, or before a source was its file's whole path).
    public var replacing: [String] = []
    /// Whether it may store fewer features than those it replaces; when not, such an import is
    /// refused (`ShrinkRefused`) and stores nothing.
    public var mayShrink = false
    public let read: (_ batch: ([BaseFeature]) throws -> Void) throws -> Void

    public init(name: String, replacing: [String] = [], mayShrink: Bool = false,
                read: @escaping (_ batch: ([BaseFeature]) throws -> Void) throws -> Void) {
        (self.name, self.replacing, self.mayShrink, self.read) = (name, replacing, mayShrink, read)
    }

    /// The sources to import, each name once (the first of each): a file named twice is read once.
    package static func distinct(_ sources: [BaseSource]) -> [BaseSource] {
        var seen = Set<String>()
        return sources.filter { seen.insert($0.name).inserted }
    }

    /// Refuses a source that would store fewer full-detail features than it replaced.
    package func checkShrink(stored: Int, removed: Int) throws {
        if !mayShrink, stored < removed { throw ShrinkRefused(what: name, records: "base features", stored: stored, removed: removed) }
    }
}
