import GeoCore

/// A file of time zone polygons as read (`ZoneFileParser`): each zone's polygons, and the
/// problems with features that could not be read; the first `ParsedFile.problemLimit` of them
/// listed, the others counted.
public struct ZoneFile: Sendable {
    public var file: String
    public var polygons: [ZonePolygon] = []
    public var problems: [ImportProblem] = []
    public var omittedProblems = 0
    /// Features of an ocean zone (Etc/GMT±N): not stored, since at sea beyond territorial waters
    /// the zone is the longitude's (`ZoneAnswer.nautical`), which is what those 15° strips are.
    public var oceanFeatures = 0
    /// Features without a geometry (timezonefinder's data has one, Europe/Vatican), left out.
    public var featuresWithoutGeometry = 0

    public init(file: String) { self.file = file }

    /// The import refused, when a feature could not be read.
    public func check() throws {
        if !problems.isEmpty { throw ImportFailure(problems: problems, omitted: omittedProblems) }
    }

    /// Refuses a file that would store fewer polygons than the `replacing` stored now, unless `allowShrink`.
    package func checkShrink(replacing: Int, allowShrink: Bool) throws {
        if !allowShrink, polygons.count < replacing {
            throw ShrinkRefused(what: file, records: "zone polygons", stored: polygons.count, removed: replacing)
        }
    }

    mutating func reject(_ record: String, _ reason: String) {
        if problems.count < ParsedFile.problemLimit {
            problems.append(ImportProblem(file: file, record: record, reason: reason))
        } else {
            omittedProblems += 1
        }
    }
}
