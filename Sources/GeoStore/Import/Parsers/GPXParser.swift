import Foundation
import GeoCore

/// GPX 1.0 and 1.1. Each `<trk>` (all its segments joined) and each `<rte>` becomes a trip; each
/// `<wpt>` a place. Problems name "wpt N", "trk N" or "rte N" (0-based, counted per element).
/// A `<trk>` or `<rte>` with no point at all is left out: GPS units write such empty tracks, and
/// they carry nothing to store. One with a single point is an error, and so is one whose last
/// point's time is before its first's, or one that crosses the antimeridian (as a GeoJSON line would).
///
/// Records come from source "gpx" with an id made of their content (`contentKey`), not of their
/// file or position in it: `<name>@<start time>` for a track or route (`<name>@<lat>,<lon>` of its
/// first point when it has no times), `<name>@<lat>,<lon>` for a waypoint, `<name>` being the
/// `<name>` element (empty when there is none). Importing the file again, or a copy of it, or one
/// with more tracks, updates the same rows.
public enum GPXParser {
    public static func parse(_ data: Data, file: String) throws(ImportProblem) -> ParsedFile {
        let root = try XMLNode.parse(data, file: file)
        guard root.name == "gpx" else {
            throw ImportProblem(file: file, record: "file", reason: "not GPX: the root element is <\(root.name)>")
        }
        var parsed = ParsedFile(file: file)
        let fileName = Properties.fileName(of: file)
        for (index, wpt) in root.children("wpt").enumerated() {
            parsed.collect("wpt \(index)") { () throws(GeoError) in .place(try waypoint(wpt, label: "wpt \(index)")) }
        }
        for (index, trk) in root.children("trk").enumerated() {
            let points = trk.children("trkseg").flatMap { $0.children("trkpt") }
            if points.isEmpty { continue }
            parsed.collect("trk \(index)") { () throws(GeoError) in
                .trip(try trip(trk, points: points, pointName: "trkpt", label: "trk \(index)", fileName: fileName))
            }
        }
        for (index, rte) in root.children("rte").enumerated() where !rte.children("rtept").isEmpty {
            parsed.collect("rte \(index)") { () throws(GeoError) in
                .trip(try trip(rte, points: rte.children("rtept"), pointName: "rtept", label: "rte \(index)", fileName: fileName))
            }
        }
        return parsed
    }

    /// A waypoint; its `<type>` gives the category when it names one of ours (eat, "Where to eat"…).
    private static func waypoint(_ wpt: XMLNode, label: String) throws(GeoError) -> PlaceRecord {
        let category = wpt.text("type").flatMap(TravelGuideFeedParser.category(forTips:)) ?? "waypoint"
        let location = try location(of: wpt, field: "")
        var place = PlaceRecord(category: category, name: wpt.text("name") ?? label, location: location)
        place.description = notes(of: wpt)
        place.source = "gpx"
        place.sourceID = contentKey(name: wpt.text("name") ?? "", time: nil, position: location)
        return place
    }

    /// A track or route: at least two points; its start and end are the first and last point times.
    private static func trip(_ node: XMLNode, points: [XMLNode], pointName: String, label: String,
                             fileName: String) throws(GeoError) -> TripRecord {
        var track: [Coordinate] = []
        var first: (date: Date, text: String, field: String)?, last: (date: Date, text: String, field: String)?
        for (k, point) in points.enumerated() {
            let field = "\(pointName)[\(k)]."
            track.append(try location(of: point, field: field))
            guard let text = point.text("time") else { continue }
            last = (try ISOTime.date(text, localTo: ISOTime.utc, field: field + "time"), text, field + "time")
            if first == nil { first = last }
        }
        guard track.count >= 2 else {
            throw .invalid(field: .record(pointName), reason: "\(track.count) point(s); a track needs at least 2")
        }
        // The checks of a GeoJSON line: one across the antimeridian is refused alike.
        try Geometry.lineString(track).validate(field: .record(pointName))
        // As for GeoJSON trips, the end may not be before the start; times between them may step back.
        if let first, let last, last.date < first.date {
            throw .invalid(field: .record(last.field), reason: "'\(last.text)' is before start '\(first.text)' (\(first.field))")
        }
        var trip = TripRecord(name: node.text("name") ?? "\(fileName) \(label)")
        trip.track = track
        trip.spot = track.first
        trip.start = first?.date
        trip.end = last?.date
        trip.notes = notes(of: node)
        trip.source = "gpx"
        trip.sourceID = contentKey(name: node.text("name") ?? "", time: trip.start, position: trip.spot)
        return trip
    }

    /// The required lat/lon attributes of a wpt, trkpt or rtept; `field` prefixes the attribute names.
    private static func location(of node: XMLNode, field: String) throws(GeoError) -> Coordinate {
        guard let c = try Position.parse(lat: node.attributes["lat"], lon: node.attributes["lon"],
                                         latField: field + "lat", lonField: field + "lon") else {
            throw .invalid(field: .record(field + "lat"), reason: "missing, and so is lon")
        }
        return c
    }

    /// `<desc>` and `<cmt>`, once each when GPS units repeat one in the other.
    private static func notes(of node: XMLNode) -> String? {
        let texts = [node.text("desc"), node.text("cmt")].compactMap { $0 }
        guard let first = texts.first else { return nil }
        return texts.dropFirst().allSatisfy { $0 == first } ? first : texts.joined(separator: "\n")
    }
}
