import GeoCore

/// Every page holds 1 … `maximumLimit` features.
public let maximumLimit = 10_000

/// A page's size when the request names none: the CLI's, the server's and the engine's.
public let defaultLimit = 10

package func checkLimit(_ limit: Int) throws(GeoError) {
    guard (1...maximumLimit).contains(limit) else {
        throw .invalid(field: .limit, reason: "\(limit) is outside 1…\(maximumLimit)")
    }
}

/// A page of this many rows or more (a `within` or `bbox` that wants everything in its area) is
/// answered by one unordered search of the area, then sorted: an ordered search keeps every entry
/// it finds in a priority queue, which costs more than sorting once thousands are wanted.
package let wholeRange = 1_000
