/// The annotation tiles' MapLibre layers (vector source `annotations`, `AnnotationVectorTile`):
/// each mark as the PNG tile draws it, an icon of the sprite (`SpriteSheet`) with its anchor on
/// the point — a pin's tip, a dot's or ring's centre — a ring grown with its count as
/// `ClusterStyle.scale(count:)` grows it, with the count on it; and each name where the tile's
/// layout placed it, lines as the layout broke them. The layout already kept everything apart, so
/// nothing is dropped for colliding; base names below give way to them.
struct AnnotationLayers {
    let style: MapStyle
    let sprites: SpriteSheet

    var layers: [[String: Any]] {
        let c = style.clusters, l = style.labels
        let form: [Any] = ["get", "form"], isCluster: [Any] = ["==", form, "cluster"]
        // 1 + growth · log2(count), at most max_scale.
        let scale: [Any] = ["min", c.maxScale, ["+", 1, ["*", c.growth, ["/", ["ln", ["max", 1, ["get", "count"]]], ["ln2"]]]]]
        let codes = style.categories.keys.sorted()
        func icon(_ form: String) -> [Any] {
            ["match", ["get", "category"], codes, ["concat", form + "-", ["get", "category"]], "\(form)-\(SpriteSheet.neutral)"]
        }
        func offset(_ form: String) -> [Any] {
            let anchor = sprites.anchor(of: form)
            return ["literal", [-anchor.x, -anchor.y]]
        }
        // Each count's size as the PNG sets it (`fittedGlyphSize`): two digits or "99+" shrink
        // to stay inside the ring's hole.
        let measuring = try? Canvas(format: .png, width: 1, height: 1)
        let fitted = (1...100).map { n in
            let look = PinLook.ring(count: n, slices: [], style: style)
            return ((measuring?.fittedGlyphSize(look) ?? look.glyphSize) * 100).rounded() / 100
        }
        let sizes: [Any] = zip(1..., fitted).flatMap { [$0, $1] as [Any] }
        // Past 100 "99+" grows with its ring, as long as a style's rings grow.
        let beyond: [Any] = ["*", fitted[99] / c.scale(count: 100), scale]
        let marks: [String: Any] = [
            "id": "marks", "type": "symbol", "source": "annotations", "source-layer": "marks",
            "layout": [
                "icon-image": ["match", form, "pin", icon("pin"), "dot", icon("dot"), icon("cluster")],
                // The icon's corner placed so its anchor is on the point; the offset grows with the icon.
                "icon-anchor": "top-left",
                "icon-offset": ["match", form, "pin", offset("pin"), "dot", offset("dot"), offset("cluster")],
                "icon-size": ["case", isCluster, scale, 1],
                "icon-allow-overlap": true,
                "text-field": ["case", isCluster, ["case", [">", ["get", "count"], 99], "99+", ["to-string", ["get", "count"]]], ""],
                "text-font": [MapLibreFonts.bold(style)],
                "text-size": ["match", ["min", 101, ["to-number", ["get", "count"], 1]]] + sizes + [beyond],
                "text-allow-overlap": true,
                "text-ignore-placement": true,
            ] as [String: Any],
            "paint": ["text-color": MapLibreStyle.color(c.countColor)],
        ]
        let labels: [String: Any] = [
            "id": "labels", "type": "symbol", "source": "annotations", "source-layer": "labels",
            "layout": [
                "text-field": ["get", "text"],
                "text-font": [MapLibreFonts.regular(style)],
                "text-size": l.fontSize,
                "text-line-height": l.lineSpacing,
                // The point is the centre of the name's box; its lines lie left, centred or right within it.
                "text-anchor": "center",
                "text-justify": ["get", "align"],
                // The layout broke the lines already.
                "text-max-width": 1000,
                "text-padding": 0,
                "text-allow-overlap": true,
            ] as [String: Any],
            "paint": ["text-color": MapLibreStyle.color(l.color), "text-halo-color": MapLibreStyle.color(l.haloColor),
                      "text-halo-width": l.haloWidth],
        ]
        return names + [marks, labels]
    }

    /// The base's names as the tiles' layout placed them (`names`, with `base=1`): drawn where
    /// they stand, none dropped, under the marks and labels they keep off. A street's name is set
    /// along its line at the line's middle, which is the name's.
    private var names: [[String: Any]] {
        guard let base = style.base else { return [] }
        let font: [Any] = ["case", ["get", "bold"], ["literal", [MapLibreFonts.bold(style)]], ["literal", [MapLibreFonts.regular(style)]]]
        func layer(_ id: String, geometry: String, _ layout: [String: Any]) -> [String: Any] {
            ["id": id, "type": "symbol", "source": "annotations", "source-layer": "names", "filter": ["==", ["geometry-type"], geometry],
             "layout": layout.merging(["text-field": ["get", "text"], "text-font": font, "text-size": ["get", "size"], "text-padding": 0,
                                       "text-allow-overlap": true, "text-ignore-placement": true]) { a, _ in a },
             "paint": ["text-color": ["get", "color"], "text-halo-color": MapLibreStyle.color(base.labels.haloColor),
                       "text-halo-width": base.labels.haloWidth]]
        }
        return [layer("base-names", geometry: "Point", ["text-anchor": "center", "text-max-width": 1000]),
                // The layout bent the name where the street bends: no angle is too sharp here.
                layer("base-names-along", geometry: "LineString", ["symbol-placement": "line-center", "text-max-angle": 90,
                                                                   "text-rotation-alignment": "map", "text-keep-upright": true])]
    }
}
