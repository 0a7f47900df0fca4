import GeoStore

/// A link of an OGC API document (`rel` as the standard names them, the media type it answers with).
struct OGCLink: Encodable, Sendable {
    var href: String
    var rel: String
    var type: String
    var title: String?

    static let json = "application/json"
    static let geoJSON = "application/geo+json"
    static let openAPI = "application/vnd.oai.openapi+json;version=3.0"
    static let jsonSchema = "application/schema+json"

    /// As a GeoJSON member's value (`GeoJSONOutput` writes the items' links).
    var value: [(key: String, value: GeoJSONOutput.Value)] {
        [("href", .text(href)), ("rel", .text(rel)), ("type", .text(type))] + (title.map { [("title", .text($0))] } ?? [])
    }
}
