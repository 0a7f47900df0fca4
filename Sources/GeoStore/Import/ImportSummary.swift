import GeoCore

public struct ImportSummary: Sendable {
    public var inserted: [FeatureKind: Int] = [:]
    /// What the files held that became no record, and why (`ParsedFile.notes`), each after its file's name.
    public var notes: [String] = []
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

    /// Adds the zones and the refusals of another part of the same import (a batch of a
    /// streamed file), its lists kept to `ParsedFile.problemLimit` as this summary's are.
    package mutating func absorb(_ part: ImportSummary) {
        func merge(_ list: inout [ImportProblem], _ omitted: inout Int, _ more: [ImportProblem], _ moreOmitted: Int) {
            let room = max(0, ParsedFile.problemLimit - list.count)
            list += more.prefix(room)
            omitted += moreOmitted + max(0, more.count - room)
        }
        merge(&skipped, &omittedSkipped, part.skipped, part.omittedSkipped)
        merge(&zoneWarnings, &omittedZoneWarnings, part.zoneWarnings, part.omittedZoneWarnings)
        zonesAssigned += part.zonesAssigned
        zonesMissing += part.zonesMissing
    }
    public var zoneWarningCount: Int { zoneWarnings.count + omittedZoneWarnings }
}
