import GeoCore

/// The problems of a refused import, the first `ParsedFile.problemLimit` listed and the rest
/// counted; nothing was stored.
public struct ImportFailure: Error, CustomStringConvertible, Sendable {
    public var problems: [ImportProblem]
    public var omitted: Int

    package init(problems: [ImportProblem], omitted: Int = 0) { (self.problems, self.omitted) = (problems, omitted) }

    /// The problems under a first line that points at the import that skips them (`Field.skipInvalid`),
    /// named by `name` (a face's table).
    public func said(naming name: (Field) -> String) -> String {
        let heading: Reason = "import refused, nothing was stored (\(problems.count + omitted) invalid record(s); \(Field.skipInvalid) imports the rest):"
        return ([heading.said(naming: name)] + problems.map { "  " + $0.said(naming: name) } + (omitted > 0 ? ["  … and \(omitted) more"] : [])).joined(separator: "\n")
    }

    /// With the engine's names (`Field.description`).
    public var description: String { said { $0.description } }
}
