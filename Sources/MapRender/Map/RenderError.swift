import Foundation
import GeoCore

/// Why a map cannot be drawn: the input to blame (`Field`, nil when none is: a surface that
/// cannot be made, a file that cannot be written) and the reason, for each face to name in its
/// own words.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public let field: Field?
    public let reason: Reason
    /// The request is well formed, but the data leaves it nothing to draw: it asks to fit its
    /// selection, and no selected feature has a position (`nothingToFit`).
    public let isNothingToFit: Bool

    public init(_ field: Field?, _ reason: Reason) { (self.field, self.reason, isNothingToFit) = (field, reason, false) }

    /// An error no field of the request is to blame for.
    public init(description: String) { self.init(nil, Reason(stringLiteral: description)) }

    private init(nothingToFit field: Field, _ reason: Reason) { (self.field, self.reason, isNothingToFit) = (field, reason, true) }

    /// A map that fits its selection, of which no feature has a position; `field` is the selection.
    public static func nothingToFit(_ field: Field, _ reason: Reason) -> RenderError { RenderError(nothingToFit: field, reason) }

    /// "field: reason" with the engine's names (`Field.description`), or the reason alone.
    public var description: String { field.map { "\($0): \(reason)" } ?? reason.description }
}
