import Foundation
import GeoCore

/// The map page (Web/index.html, app.js, app.css, embedded in the binary) with this server's
/// settings written into it, so that the page needs nothing but the server: its base layer, and the
/// credit each source of data asks for (`Attribution.credits`), which the page shows for the data in view.
struct Page: Sendable {
    let html: [UInt8]

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
        }
        // JSON inside a <script> element: "</" is escaped so no value can end the element.
        let json = String(decoding: (try? JSONSerialization.data(withJSONObject: settings, options: [.sortedKeys])) ?? Data("{}".utf8), as: UTF8.self)
            .replacingOccurrences(of: "</", with: "<\\/")
        html = Array(String(decoding: PackageResources.index_html, as: UTF8.self)
            .replacingOccurrences(of: "<script id=\"settings\" type=\"application/json\">{}</script>",
                                  with: "<script id=\"settings\" type=\"application/json\">\(json)</script>").utf8)
    }
}
