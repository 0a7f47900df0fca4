import Foundation
import GeoCore
import GeoStore

/// `/v1/cinemas` as GeoJSON: each cinema a Feature whose properties carry its programme for the
/// day. `GeoJSONOutput` writes flat properties only, so this nested answer is encoded here.
struct CinemaCollection: Encodable {
    let type = "FeatureCollection"
    let features: [Cinema]

    init(_ programmes: [CinemaProgramme]) { features = programmes.map(Cinema.init) }

    struct Cinema: Encodable {
        let type = "Feature"
        let id: String
        let geometry: Point?
        let properties: Properties

        init(_ programme: CinemaProgramme) {
            let cinema = programme.cinema
            id = cinema.id.description
            if case let .point(c) = cinema.geometry { geometry = Point(coordinates: [c.lon, c.lat]) } else { geometry = nil }
            let zone = TimeZone(identifier: programme.timezone) ?? .gmt
            properties = Properties(name: cinema.name, category: cinema.category, kind: cinema.id.kind.rawValue, address: cinema.address,
                                    distance_m: cinema.distance.map { ($0 * 1000).rounded() / 1000 }, timezone: programme.timezone,
                                    screenings: programme.screenings.map { Screening($0, zone: zone) })
        }
    }

    struct Point: Encodable {
        let type = "Point"
        let coordinates: [Double]
    }

    struct Properties: Encodable {
        let name: String?
        let category: String
        let kind: String
        let address: String?
        let distance_m: Double?
        let timezone: String
        let screenings: [Screening]
    }

    struct Screening: Encodable {
        let title: String
        /// The local time with its offset, e.g. 2012-05-08T11:00:00+02:00: both the instant and
        /// the time on the cinema's clock.
        let start: String
        let minutes: Int?
        let rating: String?
        let version: String?

        init(_ s: GeoStore.Screening, zone: TimeZone) {
            title = s.title
            start = s.start.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
            (minutes, rating, version) = (s.minutes, s.rating, s.version)
        }
    }
}
