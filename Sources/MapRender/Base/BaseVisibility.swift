import GeoCore

extension MapStyle.BaseStyle {
    /// Whether a map at `zoom` shows `feature`: its kind has a look in this style and the zoom is
    /// within that look's range (a place: named up to its `maxZoom`). The PNG base draws (and
    /// names) only such features, and the base vector tile carries only them, so both show the same.
    public func shows(_ feature: BaseFeature, atZoom zoom: Double) -> Bool {
        switch feature.layer {
        case .land, .border: true
        case .landuse: landuse[feature.kind] != nil || landuse["other"] != nil
        case .park: park[feature.kind] != nil || park["other"] != nil
        case .water: zoom >= water.minZoom
        case .waterway: waterways.kinds[feature.kind].map { zoom >= $0.minZoom } ?? false
        case .building: zoom >= buildings.minZoom
        case .road: road(feature.kind).map { zoom >= $0.style.minZoom } ?? false
        case .rail: zoom >= rail.minZoom
        case .place: places[feature.kind].map { zoom <= $0.maxZoom } ?? false
        }
    }
}
