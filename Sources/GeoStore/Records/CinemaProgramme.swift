import GeoCore

public struct CinemaProgramme: Sendable {
    public var cinema: Feature
    public var timezone: String
    public var screenings: [Screening]
}

/// A page of `FeatureStore.cinemas`: the cinemas and, when more follow, the cursor to the next.
public struct CinemaPage: Sendable {
    public var programmes: [CinemaProgramme]
    public var next: Cursor?
}
