import CGDAL

/// The transformation of a layer's coordinates to WGS84 longitude/latitude (in that order:
/// GDAL's traditional GIS order), none when the layer says nothing of its CRS.
final class Reprojection {
    let handle: OGRCoordinateTransformationH?
    private let target: OGRSpatialReferenceH?

    init(_ layer: OGRLayerH, file: String) throws {
        guard let source = OGR_L_GetSpatialRef(layer) else { (handle, target) = (nil, nil); return }
        let target = OSRNewSpatialReference(nil)
        OSRImportFromEPSG(target, 4326)
        OSRSetAxisMappingStrategy(target, OAMS_TRADITIONAL_GIS_ORDER)
        self.target = target
        // Always a transformation, even from WGS84 itself: the source keeps the data axis mapping
        // its driver gave it (how the file stores the axes), and PROJ then swaps them or not.
        guard let transform = OCTNewCoordinateTransformation(source, target) else {
            OSRDestroySpatialReference(target)
            throw BaseReadError(file: file, reason: "layer '\(String(cString: OGR_L_GetName(layer)))': no transformation from its CRS to WGS84")
        }
        handle = transform
    }

    deinit {
        if let handle { OCTDestroyCoordinateTransformation(handle) }
        if let target { OSRDestroySpatialReference(target) }
    }
}
