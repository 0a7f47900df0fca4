import GeoCore

/// Where a page starts: just after this key in the query's order or, `backward`, the page that ends
/// just before it (a `prev` link: the page before the one that begins at the key). Only pages by
/// id go backward; a distance order is walked forward only.
public struct Cursor: Hashable, Sendable {
    public var distance: Double?
    public var id: FeatureID
    public var backward: Bool

    /// Opaque, URL-safe text: `<id>`, `-<id>` backward, or `<distance bits in hex>~<id>`.
    public var token: String {
        if backward { return "-" + id.description }
        return distance.map { String($0.bitPattern, radix: 16) + "~" + id.description } ?? id.description
    }

    public init(distance: Double?, id: FeatureID, backward: Bool = false) {
        self.distance = distance
        self.id = id
        self.backward = backward
    }

    public init(token: String) throws(GeoError) {
        let backward = token.hasPrefix("-")
        let parts = token.dropFirst(backward ? 1 : 0).split(separator: "~", omittingEmptySubsequences: false)
        let bits = parts.count == 2 && !backward ? UInt64(parts[0], radix: 16) : nil
        // An infinite distance continues among the records without a position, which come last.
        guard parts.count == 1 || bits.map({ Double(bitPattern: $0) >= 0 }) == true,
              let id = FeatureID(String(parts.last ?? "")) else {
            throw .invalid(field: .cursor, reason: "'\(token)' is not a cursor this service issued")
        }
        self.init(distance: bits.map(Double.init(bitPattern:)), id: id, backward: backward)
    }

    /// Distance queries continue from a distance cursor, box queries from an id cursor (either way).
    func check(forDistanceQuery: Bool) throws(GeoError) {
        guard (distance != nil) == forDistanceQuery else {
            throw .invalid(field: .cursor, reason: "'\(token)' continues a \(forDistanceQuery ? "bbox" : "nearest or within") query, not this one")
        }
    }
}
