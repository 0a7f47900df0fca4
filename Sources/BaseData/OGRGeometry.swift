import CGDAL
import GeoCore

/// A feature's geometry as GeoCore's, in 2-D WGS84 longitude/latitude: what the base map and
/// the import read alike.
enum OGRGeometry {
    /// Why a feature's geometry could not be read.
    struct Unreadable: Error {
        let reason: String
    }

    /// The feature's geometry flattened to 2-D and moved by `transform` (none: it is WGS84
    /// already); nil when it has none or it is empty.
    static func wgs84(of feature: OGRFeatureH, transform: OGRCoordinateTransformationH?) throws(Unreadable) -> Geometry? {
        guard let g = OGR_F_GetGeometryRef(feature), OGR_G_IsEmpty(g) == 0 else { return nil }
        OGR_G_FlattenTo2D(g)
        if let transform, OGR_G_Transform(g, transform) != OGRERR_NONE {
            throw Unreadable(reason: "cannot be reprojected to WGS84")
        }
        var bytes = [UInt8](repeating: 0, count: Int(OGR_G_WkbSize(g)))
        guard OGR_G_ExportToWkb(g, wkbNDR, &bytes) == OGRERR_NONE else { throw Unreadable(reason: "its geometry cannot be read") }
        do {
            return try WKB.decode(bytes)
        } catch {
            throw Unreadable(reason: "\(error)")
        }
    }
}
