/// An input error that names the offending field and the reason.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(field: Field, reason: Reason)

    /// The input at fault, as the engine knows it (`Field`): each face says it in its own words
    /// (`--lat`, `parameter: lat`, a manifest's key).
    public var field: Field {
        switch self { case let .invalid(field, _): field }
    }

    public var reason: Reason {
        switch self { case let .invalid(_, reason): reason }
    }

    /// With the engine's names (`Field.description`).
    public var description: String {
        switch self {
        case let .invalid(field, reason): return "\(field): \(reason)"
        }
    }
}
