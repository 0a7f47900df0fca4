import GeoCore

/// A table of routes that names the engine's fields (`Field`) as its parameters: `Route`, `OGCRoute`.
protocol ParameterTable {
    /// The parameter that carries `field`, nil where the route takes none.
    func parameter(for field: Field) -> String?
}

extension Route: ParameterTable {}
