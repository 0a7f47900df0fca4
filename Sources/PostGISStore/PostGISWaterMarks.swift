import GeoCore
import GeoStore
import PostgresNIO

/// Which piece of each water carries its mark (`WaterMarks`), chosen again in a writer's transaction
/// for the names its writes touched (noted by migration 9's trigger in `water_regroup`): the pieces
/// of a few thousand names read in one query, and every change written in one statement.
extension PostGISStore {
    func regroupWaters() throws {
        try execute(WaterMarkSQL.settleSingleNames)
        let names = try rows("SELECT name FROM water_regroup AS r WHERE \(WaterMarkSQL.sharedNames)").map { try $0[0].decode(String.self) }
        try execute("DELETE FROM water_regroup")
        var changes: [(id: Int64, carriesMark: Bool)] = []
        for start in stride(from: 0, to: names.count, by: 2_000) {
            var binds = PostgresBindings()
            binds.append(Array(names[start..<min(start + 2_000, names.count)]))
            let rows = try rows("""
                SELECT name, id, ST_AsBinary(geom), carries_mark FROM water WHERE name = ANY($1) AND geom IS NOT NULL
                """, binds)
            var byName: [String: [(id: Int64, geometry: Geometry, carriesMark: Bool)]] = [:]
            for row in rows {
                byName[try row[0].decode(String.self), default: []].append((try row[1].decode(Int64.self),
                    try row[2].decode(ByteBuffer.self).withUnsafeReadableBytes(WKB.decode), try row[3].decode(Int.self) != 0))
            }
            for stored in byName.values { changes += WaterMarks.changes(stored) }
        }
        guard !changes.isEmpty else { return }
        var binds = PostgresBindings()
        binds.append(changes.map(\.id))
        binds.append(changes.map { $0.carriesMark ? 1 : 0 })
        try execute("UPDATE water SET carries_mark = u.c FROM unnest($1::bigint[], $2::int[]) AS u(id, c) WHERE water.id = u.id", binds)
    }
}
