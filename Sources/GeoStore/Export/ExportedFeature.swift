import Foundation
import GeoCore

/// A stored record as a flat feature that another format can hold: the properties an import reads
/// back (`GeoJSONParser.record`) into the same record, under the same names, and its geometry.
/// A cinema's screenings, a trip's catches and a place's images are JSON (`Value.json`): a format
/// with JSON fields keeps them as such, the others as JSON text, which the import reads as JSON.
/// `source` and `source_id` keep the record's identity, so that importing an export updates the
/// records it came from (`Properties.source`).
public struct ExportedFeature: Sendable {
    public enum Value: Sendable, Equatable {
        case text(String), integer(Int64), json(String)
    }

    /// Waymark's id of the record (`poi/12`), for the reader; the import does not read it.
    public let id: String
    public let kind: FeatureKind
    public let properties: [(name: String, value: Value)]
    public let geometry: Geometry?

    /// `id`: the store's id of the record (`FeatureID.description`).
    public init(_ record: ImportRecord, id: String) {
        (self.id, kind) = (id, record.kind)
        var p = Builder()
        switch record {
        case let .place(place):
            p.text("kind", FeatureKind.poi.rawValue)
            p.text("category", place.category)
            p.text("name", place.name)
            p.localized("name", place.names)
            p.text("alt_names", AlternateNames.text(place.alternateNames))
            p.text("description", place.description)
            p.localized("description", place.descriptions)
            p.text("address", place.address)
            p.text("phone", place.phone)
            p.text("mobile", place.mobilePhone)
            p.text("email", place.email)
            p.text("website", place.website)
            if !place.images.isEmpty { p.json("images", JSON.text(place.images)) }
            p.text("timezone", place.timezone)
            if let population = place.population { p.properties.append(("population", .integer(Int64(population)))) }
            p.identity(place.source, place.sourceID)
            geometry = place.location.map(Geometry.point)
        case let .water(water):
            p.text("kind", FeatureKind.water.rawValue)
            p.text("name", water.name)
            p.text("alt_names", AlternateNames.text(water.alternateNames))
            p.text("water", water.waterKind)
            p.text("district", water.district)
            p.text("operator", water.organisation)
            p.text("timezone", water.timezone)
            p.identity(water.source, water.sourceID)
            geometry = water.geometry
        case let .cinema(cinema):
            let zone = TimeZone(identifier: cinema.timezone ?? "UTC") ?? .gmt
            p.text("kind", FeatureKind.cinema.rawValue)
            p.text("name", cinema.name)
            p.text("alt_names", AlternateNames.text(cinema.alternateNames))
            p.text("address", cinema.address)
            p.text("website", cinema.website)
            p.text("timezone", cinema.timezone)
            if !cinema.screenings.isEmpty {
                var json = JSONWriter()
                json.array(cinema.screenings) { json, s in
                    json.object { json in
                        if let minutes = s.minutes { json.member("minutes") { $0.number(Double(minutes)) } }
                        if let rating = s.rating { json.member("rating") { $0.string(rating) } }
                        json.member("start") { $0.string(UTC.local(s.start, in: zone)) }
                        json.member("title") { $0.string(s.title) }
                        if let version = s.version { json.member("version") { $0.string(version) } }
                    }
                }
                p.json("screenings", json.text)
            }
            p.identity(cinema.source, cinema.sourceID)
            geometry = cinema.location.map(Geometry.point)
        case let .trip(trip):
            let zone = TimeZone(identifier: trip.timezone ?? "UTC") ?? .gmt
            p.text("kind", FeatureKind.trip.rawValue)
            p.text("name", trip.name)
            p.text("start", trip.start.map { UTC.local($0, in: zone) })
            p.text("end", trip.end.map { UTC.local($0, in: zone) })
            p.text("notes", trip.notes)
            p.text("weather", trip.weather)
            p.text("water", trip.waterName)
            p.text("timezone", trip.timezone)
            if !trip.catches.isEmpty {
                var json = JSONWriter()
                json.array(trip.catches) { json, fish in json.properties(fish.members(zone: zone)) }
                p.json("catches", json.text)
            }
            p.identity(trip.source, trip.sourceID)
            // An import takes a track's first vertex as the spot: a spot elsewhere is not kept.
            geometry = trip.track.map(Geometry.lineString) ?? trip.spot.map(Geometry.point)
        }
        properties = p.properties
    }

    private struct Builder {
        var properties: [(name: String, value: Value)] = []

        mutating func text(_ name: String, _ value: String?) {
            if let value { properties.append((name, .text(value))) }
        }

        mutating func json(_ name: String, _ value: String) { properties.append((name, .json(value))) }

        /// `name:lv`, `name:en`… in language order.
        mutating func localized(_ base: String, _ values: [String: String]) {
            for (language, value) in values.sorted(by: { $0.key < $1.key }) { properties.append(("\(base):\(language)", .text(value))) }
        }

        mutating func identity(_ source: String?, _ id: String?) {
            guard let source, let id else { return }
            properties += [("source", .text(source)), ("source_id", .text(id))]
        }
    }
}
