import GeoCore

/// A replacement refused because it would store fewer records than it removes: a base-map
/// source's features, the time zone polygons, or the records of a source an import replaces. A
/// file that ended early can look whole (an OpenStreetMap extract cut between two blocks, a file
/// that holds nothing), and a replacement must not trade the whole for a part unless told to
/// (`Field.allowShrink`).
public struct ShrinkRefused: Error, CustomStringConvertible, Sendable {
    /// What would be replaced: a base-map source (its file), "time zones", or "source 'NAME'".
    public let what: String
    /// The records, in words ("base features", "zone polygons").
    public let records: String
    public let stored: Int
    public let removed: Int

    public init(what: String, records: String, stored: Int, removed: Int) {
        (self.what, self.records, self.stored, self.removed) = (what, records, stored, removed)
    }

    /// Why, pointing at the replacement that is allowed to shrink (`Field.allowShrink`), named by
    /// `name` (a face's table).
    public func said(naming name: (Field) -> String) -> String {
        let reason: Reason = "\(what): refused, nothing was replaced: it would store \(stored) \(records) and remove \(removed), more than it stores "
            + "(a file that ended early can look whole); \(Field.allowShrink) replaces them all the same"
        return reason.said(naming: name)
    }

    /// With the engine's names (`Field.description`).
    public var description: String { said { $0.description } }
}
