import GeoCore

/// A stored water a trip may name: its row, source id, name and geometry.
package struct StoredWater {
    package let id: Int64
    package let sourceID: String?
    package let name: String?
    package let geometry: Geometry

    package init(id: Int64, sourceID: String?, name: String?, geometry: Geometry) {
        (self.id, self.sourceID, self.name, self.geometry) = (id, sourceID, name, geometry)
    }
}

/// How an import links trips to their waters, the same in every store, once the import's own
/// waters are stored: a trip's `water` is a stored water's source id (`way/8880952`), else its
/// name; of several, the nearest to the trip's spot (or its track's start), with a warning. A
/// trip whose water is not stored is an invalid record: every such trip is listed, and with
/// `skipInvalid` left out.
extension ImportPlan {
    /// What the trips name as their waters.
    package var waterReferences: [String] {
        Array(Set(records.compactMap { if case let .trip(t) = $0.value { t.waterName } else { nil } })).sorted()
    }

    package mutating func linkWaters(_ waters: [StoredWater], skipInvalid: Bool) throws {
        let byID = Dictionary(grouping: waters.filter { $0.sourceID != nil }, by: { $0.sourceID! })
        let byName = Dictionary(grouping: waters.filter { $0.name != nil }, by: { $0.name! })
        var refused: [Int] = [], problems: [ImportProblem] = [], omitted = 0
        for i in records.indices {
            guard case var .trip(trip) = records[i].value, let reference = trip.waterName else { continue }
            let candidates = (byID[reference] ?? byName[reference] ?? []).sorted { $0.id < $1.id }
            guard var chosen = candidates.first else {
                refused.append(i)
                let problem = ImportProblem(file: records[i].file, record: records[i].record,
                                            reason: "water: no stored water is named '\(reference)' or has that id")
                if problems.count < ParsedFile.problemLimit { problems.append(problem) } else { omitted += 1 }
                continue
            }
            if candidates.count > 1 {
                var reason = "water: \(candidates.count) stored waters are named '\(reference)'"
                if let position = trip.spot ?? trip.track?.first {
                    let distances = candidates.map { Geodesic.distance(from: position, to: $0.geometry) }
                    let nearest = distances.indices.min { (distances[$0], candidates[$0].id) < (distances[$1], candidates[$1].id) }!
                    chosen = candidates[nearest]
                    reason += "; linked to the nearest, water/\(chosen.id) at \(Int(distances[nearest].rounded())) m"
                } else {
                    reason += "; the trip has no position, linked to the first stored, water/\(chosen.id)"
                }
                reason += " (name it by its id to choose: \(candidates.compactMap(\.sourceID).prefix(5).joined(separator: ", ")))"
                let warning = ImportProblem(file: records[i].file, record: records[i].record, reason: reason)
                if summary.waterWarnings.count < ParsedFile.problemLimit { summary.waterWarnings.append(warning) } else { summary.omittedWaterWarnings += 1 }
            }
            trip.waterID = chosen.id
            records[i].value = .trip(trip)
        }
        try refuse(refused, problems: problems, omitted: omitted, skipInvalid: skipInvalid)
    }
}
