import Foundation
import GeoCore

/// A source id made of what a record is rather than of where it is in its file, so that adding,
/// removing or reordering records does not move it to another row: `<name>@<time>` (ISO 8601 in
/// UTC, to the second), else `<name>@<lat>,<lon>`, else `<name>@`. For GPX tracks and waypoints and
/// GeoJSON trips without an id.
func contentKey(name: String, time: Date?, position: Coordinate?) -> String {
    if let time { return "\(name)@\(UTC.format(time))" }
    if let position { return "\(name)@\(position.lat),\(position.lon)" }
    return "\(name)@"
}
