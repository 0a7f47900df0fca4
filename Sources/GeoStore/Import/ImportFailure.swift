import GeoCore

/// The problems of a refused import, the first `ParsedFile.problemLimit` listed and the rest
/// counted, and what its files left out and why (`ParsedFile.notes`); nothing was stored.
public struct ImportFailure: Error, CustomStringConvertible, Sendable {
    public var problems: [ImportProblem]
    public var omitted: Int
    /// Each after its file's name, as an import that succeeds says them.
    public var notes: [String]

    package init(problems: [ImportProblem], omitted: Int = 0, notes: [String] = []) {
        (self.problems, self.omitted, self.notes) = (problems, omitted, notes)
    }

    /// The problems under a first line that points at the import that skips them (`Field.skipInvalid`),
    /// named by `name` (a face's table).
    public func said(naming name: (Field) -> String) -> String {
        let heading: Reason = "import refused, nothing was stored (\(problems.count + omitted) invalid record(s); \(Field.skipInvalid) imports the rest):"
        return ([heading.said(naming: name)] + problems.map { "  " + $0.said(naming: name) } + (omitted > 0 ? ["  … and \(omitted) more"] : [])
                + notes.map { "note: " + $0 }).joined(separator: "\n")
    }

    /// With the engine's names (`Field.description`).
    public var description: String { said { $0.description } }
}
