import GeoCore

/// One record that could not be imported: which file, which record (feature index, line…), why.
public struct ImportProblem: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var record: String
    /// Why, with the engine's names for the fields it mentions (`Field.description`).
    public var reason: String
    /// The same words with those fields kept typed, for a face to name (`said(naming:)`).
    public var wording: Reason

    public init(file: String, record: String, reason: String) {
        self.init(file: file, record: record, wording: Reason(stringLiteral: reason))
    }

    public init(file: String, record: String, wording: Reason) {
        self.file = file
        self.record = record
        self.reason = wording.description
        self.wording = wording
    }

    /// The record refused for `error`: "field: reason", the field one of the record's own (a
    /// coordinate's `lat` is the record's, not a query's), those the reason mentions named by the face.
    package init(file: String, record: String, refusal error: GeoError) {
        self.init(file: file, record: record, wording: "\(error.field.description): \(error.reason)")
    }

    /// "file: record: reason", each field named by `name` (a face's table).
    public func said(naming name: (Field) -> String) -> String { "\(file): \(record): \(wording.said(naming: name))" }

    public var description: String { said { $0.description } }
}
