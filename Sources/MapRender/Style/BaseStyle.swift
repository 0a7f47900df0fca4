import Foundation

extension MapStyle {
    /// How the base map under the annotations looks (the style's optional `base` section; a
    /// style without it draws no base). Widths are layout pixels at zoom 16 and scale by
    /// `growth` per zoom level (`width(atZoom:)`), roughly as OSM Carto's do.
    public struct BaseStyle: Sendable, Hashable {
        /// The canvas where there is land: used when the base has no land polygons.
        public var land: RGBA
        /// The canvas under the `land` layer when the base has land polygons.
        public var sea: RGBA
        /// The factor by which every width grows per zoom level.
        public var growth: Double
        /// Area fills by kind, for the `landuse` and `park` layers ("other": any kind not listed; without it such kinds are not drawn).
        public var landuse: [String: RGBA]
        public var park: [String: RGBA]
        public var water: AreaStyle
        public var buildings: AreaStyle
        public var waterways: LineClasses
        /// Roads by class (a `_link` is drawn as its class); drawn minor → major, the narrowest first.
        public var roads: [String: RoadStyle]
        public var rail: RailStyle
        public var borders: BorderStyle
        public var labels: BaseLabelStyle
        /// Place names by kind (city, town, suburb…); kinds not listed are not named.
        public var places: [String: PlaceStyle]

        public struct AreaStyle: Sendable, Hashable {
            public var fill: RGBA
            public var outline: RGBA
            public var outlineWidth: Double
            /// Below this zoom the areas are not drawn.
            public var minZoom: Double
        }

        public struct LineClasses: Sendable, Hashable {
            public var color: RGBA
            /// Width at zoom 16 and the least zoom drawn, by kind (river, canal, stream…).
            public var kinds: [String: LineClass]
        }

        public struct LineClass: Sendable, Hashable {
            public var width: Double
            public var minZoom: Double
        }

        public struct RoadStyle: Sendable, Hashable {
            public var fill: RGBA
            public var casing: RGBA
            public var width: Double
            /// The casing's width on each side of the fill (0: none).
            public var casingWidth: Double
            public var minZoom: Double
            /// Dash and gap lengths of the fill (footways, paths); empty: solid.
            public var dash: [Double]
        }

        /// A rail line: `color` under white (`dashColor`) dashes; trams and light rail, which
        /// run along streets, a thin solid line in `color`.
        public struct RailStyle: Sendable, Hashable {
            public var color: RGBA
            public var dashColor: RGBA
            public var width: Double
            public var dash: [Double]
            public var tramWidth: Double
            public var minZoom: Double

            /// The kinds drawn as trams.
            public static let streetKinds: Set<String> = ["tram", "light_rail"]
        }

        /// Borders: at admin level 2 (countries) `width` and `dash`; each level below that thinner and its dashes shorter.
        public struct BorderStyle: Sendable, Hashable {
            public var color: RGBA
            public var width: Double
            public var dash: [Double]
        }

        public struct BaseLabelStyle: Sendable, Hashable {
            public var fontSize: Double
            public var color: RGBA
            public var waterColor: RGBA
            public var parkColor: RGBA
            public var haloColor: RGBA
            public var haloWidth: Double
            /// Streets are named from this zoom on.
            public var streetMinZoom: Double
            /// The base's names a finished map places before the places' names, as a share of its
            /// marks (0: the base's names only where the places' leave room): so that a busy map
            /// still names its streets and districts.
            public var share: Double
        }

        public struct PlaceStyle: Sendable, Hashable {
            public var fontSize: Double
            /// Named up to this zoom (a city's name is no help in its streets).
            public var maxZoom: Double
        }

        /// A width given at zoom 16, at `zoom`.
        public func width(_ atSixteen: Double, atZoom zoom: Double) -> Double {
            atSixteen * pow(growth, zoom - 16)
        }

        /// The road class of a highway kind: "primary_link" is drawn as "primary".
        public func road(_ kind: String) -> (name: String, style: RoadStyle)? {
            let name = kind.hasSuffix("_link") ? String(kind.dropLast(5)) : kind
            return roads[name].map { (name, $0) }
        }
    }
}
