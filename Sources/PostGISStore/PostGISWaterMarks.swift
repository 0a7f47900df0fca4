import GeoCore
import GeoStore
import PostgresNIO

/// Which piece of each water carries its mark (`WaterMarks`), chosen again in a writer's transaction
/// for the names its writes touched (noted by migration 9's trigger in `water_regroup`).
extension PostGISStore {
    func regroupWaters() throws {
        // The name of one record (most lakes'): it carries its own mark, and nothing is read.
        try execute("""
            UPDATE water SET carries_mark = 1 WHERE carries_mark = 0 AND name IN (SELECT name FROM water_regroup)
            AND (SELECT count(*) FROM water AS o WHERE o.name = water.name) = 1
            """)
        let names = try rows("""
            DELETE FROM water_regroup AS r WHERE (SELECT count(*) FROM water AS w WHERE w.name = r.name) > 1 RETURNING name
            """).map { try $0[0].decode(String.self) }
        try execute("DELETE FROM water_regroup")
        for name in names {
            var binds = PostgresBindings()
            binds.append(name)
            let stored = try rows("SELECT id, ST_AsBinary(geom), carries_mark FROM water WHERE name = $1 AND geom IS NOT NULL", binds).map { row in
                (id: try row[0].decode(Int64.self), geometry: try row[1].decode(ByteBuffer.self).withUnsafeReadableBytes(WKB.decode),
                 carriesMark: try row[2].decode(Int.self) != 0)
            }
            let changes = WaterMarks.changes(stored)
            guard !changes.isEmpty else { continue }
            binds = PostgresBindings()
            binds.append(changes.filter(\.carriesMark).map(\.id))
            binds.append(changes.filter { !$0.carriesMark }.map(\.id))
            try execute("UPDATE water SET carries_mark = CASE WHEN id = ANY($1) THEN 1 ELSE 0 END WHERE id = ANY($1) OR id = ANY($2)", binds)
        }
    }
}
