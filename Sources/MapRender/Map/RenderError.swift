import Foundation
import GeoCore

/// Why a map cannot be drawn: the input to blame (`Field`, nil when none is: a surface that
/// cannot be made, a file that cannot be written) and the reason, for each face to name in its
/// own words.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public let field: Field?
    public let reason: Reason

    public init(_ field: Field?, _ reason: Reason) { (self.field, self.reason) = (field, reason) }

    /// An error no field of the request is to blame for.
    public init(description: String) { self.init(nil, Reason(stringLiteral: description)) }

    /// "field: reason" with the engine's names (`Field.description`), or the reason alone.
    public var description: String { field.map { "\($0): \(reason)" } ?? reason.description }
}
