/// What a time zone import stored: polygons of how many zones, what it left out on purpose, and
/// how many polygons of the earlier import it replaced.
public struct ZoneImportSummary: Sendable {
    public var polygons = 0
    public var zones = 0
    public var oceanFeatures = 0
    public var featuresWithoutGeometry = 0
    public var replaced = 0

    package init(_ file: ZoneFile) {
        polygons = file.polygons.count
        zones = Set(file.polygons.map(\.zone)).count
        oceanFeatures = file.oceanFeatures
        featuresWithoutGeometry = file.featuresWithoutGeometry
    }
}
