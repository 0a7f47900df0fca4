import GeoCore

/// Which sources a query selects (`osm`, `geonames`, `travel-guide`, `gpx`, or the name of the
/// file a record came from: `Feature.source`); empty selects every source. Names are compared as
/// written: a file's name is case-sensitive.
public struct SourceFilter: Hashable, Sendable {
    public var names: Set<String>

    public init(_ names: some Sequence<String> = []) { self.names = Set(names) }

    /// Comma-separated names (`osm,travel-guide`), trimmed: the one reader of `--source` and `source=`.
    public init(parsing text: String) throws(GeoError) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else { throw .invalid(field: .source, reason: "'\(text)' has an empty name") }
        self.init(names)
    }

    public var isAll: Bool { names.isEmpty }

    public func selects(_ source: String?) -> Bool { isAll || source.map(names.contains) == true }
}
