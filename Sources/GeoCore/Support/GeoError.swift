/// An input error that names the offending field and the reason.
public enum GeoError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalid(field: String, reason: String)

    /// The input at fault, as the engine names it ("lat", "max_distance", "category"…): each face
    /// says it in its own words (`--lat`, `parameter: lat`).
    public var field: String {
        switch self { case let .invalid(field, _): field }
    }

    public var reason: String {
        switch self { case let .invalid(_, reason): reason }
    }

    public var description: String {
        switch self {
        case let .invalid(field, reason): return "\(field): \(reason)"
        }
    }
}
