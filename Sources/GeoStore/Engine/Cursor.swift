import GeoCore

/// Where the next page starts: just after this key in the query's order.
public struct Cursor: Hashable, Sendable {
    public var distance: Double?
    public var id: FeatureID

    /// Opaque, URL-safe text: `<id>` or `<distance bits in hex>~<id>`.
    public var token: String {
        distance.map { String($0.bitPattern, radix: 16) + "~" + id.description } ?? id.description
    }

    public init(distance: Double?, id: FeatureID) {
        self.distance = distance
        self.id = id
    }

    public init(token: String) throws(GeoError) {
        let parts = token.split(separator: "~", omittingEmptySubsequences: false)
        let bits = parts.count == 2 ? UInt64(parts[0], radix: 16) : nil
        // An infinite distance continues among the records without a position, which come last.
        guard parts.count == 1 || bits.map({ Double(bitPattern: $0) >= 0 }) == true,
              let id = FeatureID(String(parts.last ?? "")) else {
            throw .invalid(field: .cursor, reason: "'\(token)' is not a cursor this service issued")
        }
        self.init(distance: bits.map(Double.init(bitPattern:)), id: id)
    }

    /// Distance queries continue from a distance cursor, box queries from an id cursor.
    func check(forDistanceQuery: Bool) throws(GeoError) {
        guard (distance != nil) == forDistanceQuery else {
            throw .invalid(field: .cursor, reason: "'\(token)' continues a \(forDistanceQuery ? "bbox" : "nearest or within") query, not this one")
        }
    }
}
