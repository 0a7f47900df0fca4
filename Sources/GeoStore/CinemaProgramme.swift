import GeoCore

public struct CinemaProgramme: Sendable {
    public var cinema: Feature
    public var timezone: String
    public var screenings: [Screening]
}
