import GeoCore
import GeoStore

/// Which piece of each water carries its mark (`WaterMarks`), chosen again in a writer's transaction
/// for the names its writes touched (noted by migration 9's triggers in `water_regroup`).
extension SpatiaLiteStore {
    func regroupWaters() throws {
        try cached(WaterMarkSQL.settleSingleNames).run([])
        var names: [String] = []
        let shared = try cached("SELECT r.name FROM water_regroup AS r WHERE \(WaterMarkSQL.sharedNames)")
        try shared.bind([])
        while try shared.step() { names += shared.string(0).map { [$0] } ?? [] }
        let pieces = try cached("SELECT id, AsBinary(geom), carries_mark FROM water WHERE name = ? AND geom IS NOT NULL")
        let mark = try cached("UPDATE water SET carries_mark = ? WHERE id = ?")
        for name in names {
            try pieces.bind([name])
            var stored: [(id: Int64, geometry: Geometry, carriesMark: Bool)] = []
            while try pieces.step() {
                guard let bytes = pieces.blob(1) else { continue }
                stored.append((pieces.int(0), try WKB.decode(bytes), pieces.int(2) != 0))
            }
            for change in WaterMarks.changes(stored) { try mark.run([change.carriesMark ? 1 : 0, change.id]) }
        }
        try cached("DELETE FROM water_regroup").run([])
    }
}
