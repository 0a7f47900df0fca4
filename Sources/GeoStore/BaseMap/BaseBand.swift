import GeoCore

/// A zoom band of the base map. Band 0 holds every feature in full detail, for maps above zoom
/// 12; bands 1, 2 and 3 hold generalised copies for maps up to zoom 12, 9 and 6: lines and rings
/// simplified to half a pixel at the band's largest zoom, areas under four square pixels there
/// left out, and the layers' minor kinds (buildings, footways, streams, villages…) left out as a
/// map at that scale leaves them out. Both stores write and read the bands through this type.
package struct BaseBand: Sendable {
    package let number: Int
    let maxZoom: Double
    let generalisation: Generalisation

    /// Half a pixel: a simplified line stays within the pixels of the original.
    static let tolerance = 0.5
    /// Four square pixels: a smaller area is a speck at best.
    static let minArea = 4.0

    package static let generalised = [(1, 12.0), (2, 9.0), (3, 6.0)].map { number, zoom in
        BaseBand(number: number, maxZoom: zoom, generalisation: Generalisation(zoom: zoom, tolerance: Self.tolerance, minArea: Self.minArea))
    }

    /// The band a map at `zoom` reads.
    package static func number(forZoom zoom: Double) -> Int {
        generalised.last(where: { zoom <= $0.maxZoom })?.number ?? 0
    }

    /// The rows a store writes for `feature`, in this order: band 0 in full detail, then each
    /// band's copy; counted into `summary`.
    package static func rows(of feature: BaseFeature, counting summary: inout BaseImportSummary) -> [(band: Int, geometry: Geometry)] {
        var rows = [(band: 0, geometry: feature.geometry)]
        summary.features[feature.layer, default: 0] += 1
        for band in generalised {
            guard let copy = band.copy(of: feature) else { continue }
            rows.append((band.number, copy.geometry))
            summary.copies[band.number, default: 0] += 1
        }
        return rows
    }

    /// The kinds of a layer that bands 1, 2 and 3 keep (in that order); a layer not listed keeps
    /// every kind (areas: as large as `minArea`), an empty set none.
    private static let kept: [BaseLayer: [Set<String>]] = [
        .building: [[], [], []],
        .road: [["motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential", "living_street", "road"],
                ["motorway", "trunk", "primary", "secondary"], ["motorway", "trunk"]],
        .rail: [["rail", "subway", "light_rail", "narrow_gauge"], ["rail"], ["rail"]],
        .waterway: [["river", "canal", "stream"], ["river", "canal"], ["river"]],
        .place: [["country", "city", "town", "village", "suburb", "island"], ["country", "city", "town", "island"], ["country", "city"]],
    ]

    /// Administrative borders kept by their level: 8 (municipalities), 6, 4 (regions).
    private static let borderLevels = [8, 6, 4]

    /// The copy of `feature` for this band, nil when the band leaves it out.
    package func copy(of feature: BaseFeature) -> BaseFeature? {
        guard shows(feature), let geometry = generalisation.apply(feature.geometry) else { return nil }
        var copy = feature
        copy.geometry = geometry
        return copy
    }

    private func shows(_ feature: BaseFeature) -> Bool {
        if feature.layer == .border { return Int(feature.kind).map { $0 <= Self.borderLevels[number - 1] } ?? false }
        return Self.kept[feature.layer].map { $0[number - 1].contains(feature.kind) } ?? true
    }
}
