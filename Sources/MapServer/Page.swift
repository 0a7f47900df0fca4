import Foundation
import GeoCore

/// The map pages (Web/index.html, app.js, app.css, embedded in the binary) with this server's
/// settings written into them, so that a page needs nothing but the server: its base layer, and the
/// credit each source of data asks for (`Attribution.credits`), which the raster page shows for the
/// data in view. One page, two maps: the vector page on MapLibre GL JS (`/`), the raster page on
/// Leaflet (`/raster`) for browsers without WebGL; each links to the other.
struct Page: Sendable {
    let vector: [UInt8]
    let raster: [UInt8]

    /// `baseLayer`: an outside tile server the user named; else this server's own base tiles when
    /// its database has a base map, credited as `baseCredits` (nil: no base map).
    init(baseLayer: String?, baseCredits: [String]?) {
        var settings: [String: Any] = ["credits": Attribution.credits]
        if let baseLayer {
            settings["baseLayer"] = baseLayer
        } else if let baseCredits {
            // {r}: "@2x" on HiDPI screens, as the route takes it after the row.
            settings["baseLayer"] = Route.baseTile.rawValue.replacingOccurrences(of: "{y}", with: "{y}{r}")
            settings["baseAttribution"] = baseCredits.joined(separator: " | ")
            // The raster page's annotation tiles then come drawn over that base (`base=1`), so that
            // its names keep off their marks: a tile stacked over another cannot know its names.
            settings["combinedTiles"] = true
        }
        // JSON inside a <script> element: "</" is escaped so no value can end the element.
        let json = String(decoding: (try? JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])) ?? Data("{}".utf8), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        // The page's own words first, the settings last: no setting (a source's name, a base
        // layer's URL) is read as one of the page's placeholders.
        func variant(library: String, adapter: Route, other: Route, otherName: String) -> [UInt8] {
            Array(String(decoding: PackageResources.index_html, as: UTF8.self)
                .replacingOccurrences(of: "LIBRARY", with: library).replacingOccurrences(of: "ADAPTER", with: adapter.rawValue)
                .replacingOccurrences(of: "OTHER-PAGE", with: other.rawValue).replacingOccurrences(of: "OTHER-NAME", with: otherName)
                .replacingOccurrences(of: "<script id=\"settings\" type=\"application/json\">{}</script>",
                                      with: "<script id=\"settings\" type=\"application/json\">\(json)</script>").utf8)
        }
        vector = variant(library: "/maplibre/maplibre-gl", adapter: .vectorScript, other: .rasterPage, otherName: "The same map as images (no WebGL)")
        raster = variant(library: "/leaflet/leaflet", adapter: .rasterScript, other: .page, otherName: "The vector map (MapLibre)")
    }
}
