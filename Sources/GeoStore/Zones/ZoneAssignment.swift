import GeoCore

/// What an import does with time zones, the same in every store and inside the import's
/// transaction (the zones it reads are those it commits with): a record without a zone gets the
/// zone of its position; a record whose given zone does not hold its position is reported, or
/// with `strict` refused as an invalid record. Without stored zone polygons nothing changes, and
/// the summary counts the records left without a zone, for the face to say so.
extension ImportPlan {
    /// How far from a record's position its given zone's polygons may lie and still be taken to
    /// hold it: the polygons are simplified (timezonefinder-data's world by 0.01°, about a
    /// kilometre), so a place by a border may fall just outside its own zone's polygon.
    package static let zoneTolerance = 5_000.0

    /// The positions whose zones `assignZones` will ask for.
    package var zonePositions: [Coordinate] { records.compactMap(\.value.zonePosition) }

    package mutating func assignZones(_ zones: ZoneIndex?, strict: Bool, skipInvalid: Bool) throws {
        guard let zones else {
            summary.zonesMissing += records.count { $0.value.zonePosition != nil && $0.value.timezone == nil }
            return
        }
        var refused: [Int] = [], problems: [ImportProblem] = [], omitted = 0
        for i in records.indices {
            let record = records[i].value
            guard let position = record.zonePosition else { continue }
            guard let given = record.timezone else {
                records[i].value = record.inZone(zones.zone(at: position).zone)
                summary.zonesAssigned += 1
                continue
            }
            let canonical = ZoneLinks.canonical(given)
            // Most records: a polygon of their zone holds them, found without measuring distances.
            if zones.containing(position).contains(where: { ZoneLinks.canonical($0.zone) == canonical }) { continue }
            let answer = zones.zone(at: position)
            if ZoneLinks.canonical(answer.zone) == canonical
                || zones.distance(from: position, toZone: given, within: Self.zoneTolerance) != nil { continue }
            let place = "\(record.name.map { "\($0) at " } ?? "")\(position.lat),\(position.lon)"
            let found = switch answer.method {
            case .contains: "is in \(answer.zone)"
            case .territorialWaters: "is in the territorial waters of \(answer.zone)"
            case .longitude: "is at sea, in \(answer.zone) by its longitude"
            }
            let problem = ImportProblem(file: records[i].file, record: records[i].record,
                                        reason: "timezone: '\(given)' does not contain the position of \(place), which \(found)")
            if strict {
                refused.append(i)
                if problems.count < ParsedFile.problemLimit { problems.append(problem) } else { omitted += 1 }
            } else if summary.zoneWarnings.count < ParsedFile.problemLimit {
                summary.zoneWarnings.append(problem)
            } else {
                summary.omittedZoneWarnings += 1
            }
        }
        try refuse(refused, problems: problems, omitted: omitted, skipInvalid: skipInvalid)
    }
}
