import GeoCore

/// Which stretch carries each river's mark (`RiverMarks`), chosen again in a writer's transaction
/// for the names its writes touched (noted by migration 9's triggers in `water_regroup`).
extension SpatiaLiteStore {
    func regroupRivers() throws {
        var names: [String] = []
        let pending = try cached("SELECT name FROM water_regroup")
        try pending.bind([])
        while try pending.step() { names += pending.string(0).map { [$0] } ?? [] }
        guard !names.isEmpty else { return }
        let stretches = try cached("SELECT id, AsBinary(geom), carries_mark FROM water WHERE name = ? AND geom IS NOT NULL")
        let mark = try cached("UPDATE water SET carries_mark = ? WHERE id = ?")
        for name in names {
            try stretches.bind([name])
            var stored: [(id: Int64, geometry: Geometry, carriesMark: Bool)] = []
            while try stretches.step() {
                guard let bytes = stretches.blob(1) else { continue }
                stored.append((stretches.int(0), try WKB.decode(bytes), stretches.int(2) != 0))
            }
            for change in RiverMarks.changes(stored) { try mark.run([change.carriesMark ? 1 : 0, change.id]) }
        }
        try cached("DELETE FROM water_regroup").run([])
    }
}
