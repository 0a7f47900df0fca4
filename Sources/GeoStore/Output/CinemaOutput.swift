import Foundation
import GeoCore

/// Cinemas with their programme of the day, as the server's `/v1/cinemas` and `waymark cinemas`
/// write them: GeoJSON, each cinema a Feature whose properties carry its `screenings`; or plain
/// JSON, `{"cinemas": [{id, name, lat, lon, distance_m, timezone, address, screenings}], "next"}`.
/// A screening's `start` is its local time with its offset (2012-05-08T11:00:00+02:00): both the
/// instant and the time on the cinema's clock. Keys sorted, as `GeoJSONOutput` writes them.
public enum CinemaOutput {
    public static func geoJSON(_ page: CinemaPage) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("features") { json in
                json.array(page.programmes) { json, p in
                    json.object { json in
                        // RFC 7946 §3.2: a cinema without a position has a null geometry.
                        json.member("geometry") { json in if p.cinema.isLocated { json.geometry(p.cinema.geometry) } else { json.null() } }
                        json.member("id") { $0.string(p.cinema.id.description) }
                        json.member("properties") { $0.properties(members(p)) }
                        json.member("type") { $0.string("Feature") }
                    }
                }
            }
            if let next = page.next { json.member("next") { $0.string(next.token) } }
            json.member("type") { $0.string("FeatureCollection") }
        }
        return json.data
    }

    public static func plain(_ page: CinemaPage) -> Data {
        var json = JSONWriter()
        json.object { json in
            json.member("cinemas") { json in
                json.array(page.programmes) { json, p in
                    var extra: [(key: String, value: GeoJSONOutput.Value)] = [("id", .text(p.cinema.id.description))]
                    if case let .point(c) = p.cinema.geometry { extra += [("lat", .number(c.lat)), ("lon", .number(c.lon))] }
                    json.properties(members(p, adding: extra))
                }
            }
            if let next = page.next { json.member("next") { $0.string(next.token) } }
        }
        return json.data
    }

    /// `start` as the cinema's clock shows it, with the offset.
    public static func localStart(_ s: Screening, zone: TimeZone) -> String {
        UTC.local(s.start, in: zone)
    }

    /// The cinema's members as every answer writes a feature's (`GeoJSONOutput.properties`), with
    /// its zone, its screenings and `extra`.
    private static func members(_ p: CinemaProgramme, adding extra: [(key: String, value: GeoJSONOutput.Value)] = [])
        -> [(key: String, value: GeoJSONOutput.Value)] {
        let zone = TimeZone(identifier: p.timezone) ?? .gmt
        let screenings: [[(key: String, value: GeoJSONOutput.Value)]] = p.screenings.map { s in
            var m: [(key: String, value: GeoJSONOutput.Value)] = [("start", .text(localStart(s, zone: zone))), ("title", .text(s.title))]
            if let minutes = s.minutes { m.append(("minutes", .number(Double(minutes)))) }
            if let rating = s.rating { m.append(("rating", .text(rating))) }
            if let version = s.version { m.append(("version", .text(version))) }
            return m.sorted { $0.key < $1.key }
        }
        return GeoJSONOutput.properties(p.cinema, language: nil, adding: [("timezone", .text(p.timezone)), ("screenings", .objects(screenings))] + extra)
    }
}
