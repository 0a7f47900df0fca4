import Foundation
import GeoCore

/// One printable map: a title, an area, the categories to show, the paper and the features.
/// The renderer is handed the features (`fetchingFeatures(from:)` fetches them from a store).
public struct PrintedMap: Sendable {
    public var title: String
    public var area: PrintArea
    /// Category codes to show and index; empty: all.
    public var categories: CategoryFilter
    public var paper: Paper
    public var projection: any MapProjection
    public var language: String?
    /// A style with a `print` section (Styles/print.json).
    public var style: MapStyle
    /// When the data was last changed, printed in the credits.
    public var dataDate: Date?
    public var features: [Feature]
    public var attribution: [String]
    /// The base map under the markers (the features within `MapRenderer.baseFetchArea` of the layout's viewport), drawn
    /// when the style has a `base` section.
    public var base: [BaseFeature]

    public init(title: String, area: PrintArea, categories: CategoryFilter, paper: Paper, projection: any MapProjection = WebMercator(),
                language: String? = nil, style: MapStyle, dataDate: Date? = nil, features: [Feature] = [], attribution: [String] = [],
                base: [BaseFeature] = []) {
        self.title = title
        self.area = area
        self.categories = categories
        self.paper = paper
        self.projection = projection
        self.language = language
        self.style = style
        self.dataDate = dataDate
        self.features = features
        self.attribution = attribution
        self.base = base
    }
}

extension PrintedMap {
    var printStyle: MapStyle.PrintStyle {
        get throws {
            guard let print = style.print else { throw RenderError(.style, "has no print section (use the print style)") }
            return print
        }
    }

    /// The categories shown, in the legend's order.
    var shownCategories: [String] {
        style.sortedForLegend(categories.isAll ? Set(features.map(\.category)) : categories.codes)
    }
}
