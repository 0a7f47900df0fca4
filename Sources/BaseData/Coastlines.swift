import CGDAL
import GeoCore

/// The coastline of an OpenStreetMap extract, gathered while it streams by: its
/// `natural=coastline` ways (few beside the rest, so kept whole) and the extent of everything
/// read; after the read, the sea they close within the extract's bounds (`CoastlineAssembly`).
struct Coastlines {
    /// An extract cut at its box keeps each way it cuts up to its last node inside, which lies
    /// within one node spacing of the edge (Helsinki's coastline ends 1 m to 9 m short of its
    /// edge); an end farther in is taken for a broken coastline, which is left out.
    static let reach = 20.0

    private var ways: [[Coordinate]] = []
    /// The extent of every geometry read.
    private(set) var extent = OGREnvelope(MinX: .infinity, MaxX: -.infinity, MinY: .infinity, MaxY: -.infinity)

    /// Widens the extent of what was read by a feature's geometry.
    mutating func include(_ geometry: OGRGeometryH) {
        guard OGR_G_IsEmpty(geometry) == 0 else { return }
        var e = OGREnvelope()
        OGR_G_GetEnvelope(geometry, &e)
        extent = OGREnvelope(MinX: min(extent.MinX, e.MinX), MaxX: max(extent.MaxX, e.MaxX), MinY: min(extent.MinY, e.MinY), MaxY: max(extent.MaxY, e.MaxY))
    }

    /// Keeps a coastline way: a line, or a closed way, which GDAL gives as an area of one ring
    /// in the way's own order (an area of more rings is a relation's, which no coastline is).
    mutating func collect(_ geometry: Geometry) {
        switch geometry {
        case let .lineString(line): ways.append(line)
        case let .polygon(rings) where rings.count == 1: ways.append(rings[0])
        case let .multiPolygon(polygons) where polygons.count == 1 && polygons[0].count == 1: ways.append(polygons[0][0])
        default: break
        }
    }

    /// The sea within the extract's bounds: those its header gives (`dataset`'s layers' extent,
    /// known once the read has begun), else the extent of what was read.
    func sea(_ dataset: GDALDatasetH) -> CoastlineAssembly.Sea {
        var bounds = extent
        if let layer = GDALDatasetGetLayer(dataset, 0) {
            var header = OGREnvelope()
            if OGR_L_GetExtent(layer, &header, 0) == OGRERR_NONE { bounds = header }
        }
        let box = BoundingBox(minLon: bounds.MinX, minLat: bounds.MinY, maxLon: bounds.MaxX, maxLat: bounds.MaxY)
        return CoastlineAssembly(bounds: box, reach: Self.reach).sea(ways)
    }
}
