import Foundation

/// The base map's MapLibre layers (vector source `base`: layers land, landuse, park, water,
/// waterway, building, road, rail, border, place, each feature with `kind`, `name`,
/// `name:<code>` and `rank`), bottom to top as `BaseDrawing` draws them. Its names come placed
/// with the annotations (`AnnotationLayers.names`), as the PNG tiles over the base place them.
struct BaseLayers {
    let style: MapStyle.BaseStyle

    typealias Layer = [String: Any]

    var areasAndLines: [Layer] {
        var layers: [Layer] = [fill("land", "land", color: style.land)]
        for (name, colours) in [("landuse", style.landuse), ("park", style.park)] {
            // A kind without a colour of its own takes "other"'s; without "other" it is not drawn.
            var layer = fill(name, name, color: nil)
            let pairs = colours.filter { $0.key != "other" }.sorted { $0.key < $1.key }
            var colour: [Any] = ["match", ["get", "kind"]]
            for (kind, c) in pairs { colour += [kind, MapLibreStyle.color(c)] }
            colour.append(MapLibreStyle.color(colours["other"] ?? RGBA(r: 0, g: 0, b: 0, a: 0)))
            layer["paint"] = ["fill-color": colour]
            if colours["other"] == nil { layer["filter"] = kinds(pairs.map(\.key)) }
            layers.append(layer)
        }
        layers += area("water", style.water)
        for kind in style.waterways.kinds.keys.sorted() {
            let w = style.waterways.kinds[kind]!
            layers.append(line("waterway-\(kind)", "waterway", filter: kinds([kind]), minZoom: w.minZoom,
                               color: style.waterways.color, width: MapLibreStyle.width(w.width, growth: style.growth)))
        }
        layers += area("building", style.buildings)
        // Every casing, then every fill, the narrowest class first so that major roads lie on top.
        let classes = style.roads.sorted { ($0.value.width, $0.key) < ($1.value.width, $1.key) }
        for (name, road) in classes where road.casingWidth > 0 {
            layers.append(line("road-casing-\(name)", "road", filter: kinds([name, name + "_link"]), minZoom: road.minZoom, color: road.casing,
                               width: MapLibreStyle.width(road.width + 2 * road.casingWidth, growth: style.growth)))
        }
        for (name, road) in classes {
            var layer = line("road-\(name)", "road", filter: kinds([name, name + "_link"]), minZoom: road.minZoom, color: road.fill,
                             width: MapLibreStyle.width(road.width, growth: style.growth))
            if !road.dash.isEmpty { dash(&layer, road.dash.map { $0 / road.width }) }
            layers.append(layer)
        }
        let rail = style.rail, trams = Array(MapStyle.BaseStyle.RailStyle.streetKinds).sorted()
        layers.append(line("rail-tram", "rail", filter: kinds(trams), minZoom: rail.minZoom, color: rail.color,
                           width: MapLibreStyle.width(rail.tramWidth, growth: style.growth)))
        layers.append(line("rail", "rail", filter: ["!", kinds(trams)], minZoom: rail.minZoom, color: rail.color,
                           width: MapLibreStyle.width(rail.width, growth: style.growth)))
        var dashes = line("rail-dash", "rail", filter: ["!", kinds(trams)], minZoom: rail.minZoom, color: rail.dashColor,
                          width: MapLibreStyle.width(rail.width / 2, growth: style.growth))
        dash(&dashes, rail.dash.map { $0 / (rail.width / 2) })
        layers.append(dashes)
        // Borders keep their width at every zoom; each admin level below the countries' (kind "2") is 15 % thinner.
        let level: [Any] = ["to-number", ["get", "kind"], 10]
        let factor: [Any] = ["max", 0.35, ["-", 1, ["*", 0.15, ["max", 0, ["-", level, 2]]]]]
        var borders = line("border", "border", filter: nil, minZoom: 0, color: style.borders.color, width: ["*", style.borders.width, factor])
        if !style.borders.dash.isEmpty { dash(&borders, style.borders.dash.map { $0 / style.borders.width }) }
        layers.append(borders)
        return layers
    }

    /// A filter on `kind`.
    private func kinds(_ names: [String]) -> [Any] {
        ["match", ["get", "kind"], names, true, false]
    }

    private func fill(_ id: String, _ sourceLayer: String, color: RGBA?) -> Layer {
        var layer: Layer = ["id": id, "type": "fill", "source": "base", "source-layer": sourceLayer]
        if let color { layer["paint"] = ["fill-color": MapLibreStyle.color(color)] }
        return layer
    }

    /// Filled areas from a zoom, with their outline (a line of its own: a fill's outline is one pixel).
    private func area(_ name: String, _ s: MapStyle.BaseStyle.AreaStyle) -> [Layer] {
        var layer = fill(name, name, color: s.fill)
        layer["minzoom"] = MapLibreStyle.zoom(s.minZoom)
        guard s.outlineWidth > 0 else { return [layer] }
        return [layer, line(name + "-outline", name, filter: nil, minZoom: s.minZoom, color: s.outline, width: s.outlineWidth)]
    }

    private func line(_ id: String, _ sourceLayer: String, filter: [Any]?, minZoom: Double, color: RGBA, width: Any) -> Layer {
        var layer: Layer = ["id": id, "type": "line", "source": "base", "source-layer": sourceLayer, "minzoom": MapLibreStyle.zoom(minZoom),
                            "layout": ["line-join": "round", "line-cap": "round"],
                            "paint": ["line-color": MapLibreStyle.color(color), "line-width": width]]
        if let filter { layer["filter"] = filter }
        return layer
    }

    /// Dashes in MapLibre's unit, the line's width; butt ends, as the PNG's dashes.
    private func dash(_ layer: inout Layer, _ lengths: [Double]) {
        var paint = layer["paint"] as! [String: Any], layout = layer["layout"] as! [String: Any]
        paint["line-dasharray"] = lengths
        layout["line-cap"] = "butt"
        (layer["paint"], layer["layout"]) = (paint, layout)
    }
}
