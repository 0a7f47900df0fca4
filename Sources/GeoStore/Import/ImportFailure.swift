/// The problems of a refused import, the first `ParsedFile.problemLimit` listed and the rest
/// counted; nothing was stored.
public struct ImportFailure: Error, CustomStringConvertible, Sendable {
    public var problems: [ImportProblem]
    public var omitted: Int

    package init(problems: [ImportProblem], omitted: Int = 0) { (self.problems, self.omitted) = (problems, omitted) }

    public var description: String {
        (["import refused, nothing was stored (\(problems.count + omitted) invalid record(s); --skip-invalid imports the rest):"]
            + problems.map { "  \($0)" } + (omitted > 0 ? ["  … and \(omitted) more"] : [])).joined(separator: "\n")
    }
}
