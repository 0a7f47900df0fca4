import GeoCore

public struct ImportSummary: Sendable {
    public var inserted: [FeatureKind: Int] = [:]
    /// Rows of each replaced source that the files no longer hold (`--replace-source`, a feed).
    public var deletedBySource: [String: DeletedCounts] = [:]
    /// The first `ParsedFile.problemLimit` records the files' readers warned of, imported as they
    /// are (`ParsedFile.warnings`), and how many more there were.
    public var fileWarnings: [ImportProblem] = []
    public var omittedFileWarnings = 0
    /// The first `ParsedFile.problemLimit` records left out, and how many more were.
    public var skipped: [ImportProblem] = []
    public var omittedSkipped = 0
    /// How many records got the zone of their position (`ImportPlan.assignZones`).
    public var zonesAssigned = 0
    /// How many records would have got the zone of their position but the database holds no zone
    /// polygons: they keep the zone they were given, or none (a cinema's days are then UTC's).
    public var zonesMissing = 0
    /// The first `ParsedFile.problemLimit` records whose given zone does not hold their position,
    /// and how many more there were; imported as they are.
    public var zoneWarnings: [ImportProblem] = []
    public var omittedZoneWarnings = 0

    /// The first `ParsedFile.problemLimit` trips whose water's name several stored waters have
    /// (linked to the nearest), and how many more there were.
    public var waterWarnings: [ImportProblem] = []
    public var omittedWaterWarnings = 0

    /// Rows of the replaced sources that the files no longer hold, of every source.
    public var deleted: DeletedCounts { deletedBySource.values.reduce(into: [:]) { $0.merge($1, uniquingKeysWith: +) } }

    public var skippedCount: Int { skipped.count + omittedSkipped }
    public var zoneWarningCount: Int { zoneWarnings.count + omittedZoneWarnings }
}
