import GeoCore

public struct ImportSummary: Sendable {
    public var inserted: [FeatureKind: Int] = [:]
    /// The first `ParsedFile.problemLimit` records left out, and how many more were.
    public var skipped: [ImportProblem] = []
    public var omittedSkipped = 0

    public var skippedCount: Int { skipped.count + omittedSkipped }
}
