import Foundation

/// A MapLibre style (style specification v8) made from a Waymark style: the base map's layers
/// in the order, colours, widths and zooms the PNG base is drawn with (`BaseDrawing`), and the
/// annotation tiles' marks and names, and the base's names placed among them by `BaseLabels`, as
/// the PNG tiles draw them, with the sprite (`SpriteSheet`) and glyphs (`GlyphRange`) Waymark
/// serves itself. Layers: `BaseLayers` and `AnnotationLayers`.
public enum MapLibreStyle {
    /// - Parameters:
    ///   - server: where the server is as its client reached it (`http://host:port`, or empty for
    ///     root-relative URLs), for the sources, sprite and glyphs.
    ///   - query: the selection (`category=…&lang=…`, already escaped) passed on to the annotation
    ///     tiles; with a base, `base=1` is added, so that they carry its names in that language.
    public static func document(style: MapStyle, server: String, query: String) throws -> Data {
        let sprites = SpriteSheet(style: style)
        let selection = [query, style.base == nil ? "" : "base=1"].filter { !$0.isEmpty }.joined(separator: "&")
        var sources: [String: Any] = [
            "annotations": ["type": "vector", "url": server + "/v1/tiles.json" + (selection.isEmpty ? "" : "?" + selection)],
        ]
        var layers: [[String: Any]] = [["id": "background", "type": "background",
                                        "paint": ["background-color": color(style.base?.land ?? style.background)]]]
        if let base = style.base {
            sources["base"] = ["type": "vector", "url": server + "/v1/base.json"]
            layers += BaseLayers(style: base).areasAndLines
        }
        layers += AnnotationLayers(style: style, sprites: sprites).layers
        let document: [String: Any] = [
            "version": 8,
            "name": "Waymark",
            "sources": sources,
            "sprite": server + "/v1/sprite",
            "glyphs": server + "/v1/fonts/{fontstack}/{range}.pbf",
            "layers": layers,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])
    }

    /// A MapLibre zoom is Waymark's less one: MapLibre's world is 512 pixels wide at zoom 0,
    /// a Waymark map's (XYZ tiles of 256 pixels, as Leaflet's) 256.
    static func zoom(_ waymark: Double) -> Double { max(0, waymark - 1) }

    /// A width given at Waymark's zoom 16, `growth` times more per zoom level as the PNG base draws it
    /// (at MapLibre zoom Z, Waymark's Z + 1: w · growth^(Z − 15)).
    static func width(_ atSixteen: Double, growth: Double) -> [Any] {
        ["interpolate", ["exponential", growth], ["zoom"], 0, atSixteen * pow(growth, -15), 24, atSixteen * pow(growth, 9)]
    }

    /// A colour as MapLibre reads it: `#RRGGBB`, or `rgba()` when not opaque.
    static func color(_ c: RGBA) -> String {
        guard c.a < 1 else { return c.hex }
        func byte(_ v: Double) -> Int { Int((min(max(v, 0), 1) * 255).rounded()) }
        return "rgba(\(byte(c.r)),\(byte(c.g)),\(byte(c.b)),\((c.a * 1000).rounded() / 1000))"
    }
}
