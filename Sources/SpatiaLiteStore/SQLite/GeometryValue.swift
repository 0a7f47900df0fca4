import GeoCore
import GeoStore

/// A value bound to a geometry column, with the SQL that makes a geometry of it.
enum GeometryValue: Bindable {
    /// A point (or NULL), bound straight in SpatiaLite's own BLOB format: points are most rows of
    /// a bulk import, and this skips parsing WKB into a geometry and writing it back out per row.
    case point(Coordinate?)
    /// Any geometry (or NULL), bound as WKB for SpatiaLite to read.
    case wkb(Geometry?)

    var placeholder: String {
        if case .point = self { "?" } else { "GeomFromWKB(?, 4326)" }
    }

    func bind(to statement: OpaquePointer, at index: Int32) -> Int32 {
        switch self {
        case let .point(c): c.map { SpatiaLiteBlob.encode($0) }.bind(to: statement, at: index)
        case let .wkb(g): g.map { WKB.encode($0) }.bind(to: statement, at: index)
        }
    }
}
