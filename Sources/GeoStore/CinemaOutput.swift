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
                        if case .point = p.cinema.geometry { json.member("geometry") { $0.geometry(p.cinema.geometry) } }
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
                    json.properties((members(p) + extra).sorted { $0.key < $1.key })
                }
            }
            if let next = page.next { json.member("next") { $0.string(next.token) } }
        }
        return json.data
    }

    /// `start` as the cinema's clock shows it, with the offset.
    public static func localStart(_ s: Screening, zone: TimeZone) -> String {
        s.start.formatted(Date.ISO8601FormatStyle(timeZoneSeparator: .colon, timeZone: zone))
    }

    private static func members(_ p: CinemaProgramme) -> [(key: String, value: GeoJSONOutput.Value)] {
        let zone = TimeZone(identifier: p.timezone) ?? .gmt
        let screenings: [[(key: String, value: GeoJSONOutput.Value)]] = p.screenings.map { s in
            var m: [(key: String, value: GeoJSONOutput.Value)] = [("start", .text(localStart(s, zone: zone))), ("title", .text(s.title))]
            if let minutes = s.minutes { m.append(("minutes", .number(Double(minutes)))) }
            if let rating = s.rating { m.append(("rating", .text(rating))) }
            if let version = s.version { m.append(("version", .text(version))) }
            return m.sorted { $0.key < $1.key }
        }
        var members: [(key: String, value: GeoJSONOutput.Value)] = [
            ("name", p.cinema.name.map(GeoJSONOutput.Value.text) ?? .null), ("category", .text(p.cinema.category)),
            ("kind", .text(p.cinema.id.kind.rawValue)), ("timezone", .text(p.timezone)), ("screenings", .objects(screenings)),
        ]
        if let address = p.cinema.address { members.append(("address", .text(address))) }
        if let d = p.cinema.distance { members.append(("distance_m", .number((d * 1000).rounded() / 1000))) }
        return members.sorted { $0.key < $1.key }
    }
}
