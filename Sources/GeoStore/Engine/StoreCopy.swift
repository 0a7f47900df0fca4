import GeoCore

extension FeatureStore {
    /// Copies this store's time zone polygons, when it holds any, into the empty store `target`
    /// (a transaction of their own, first, so that the records find them); then every record,
    /// with its id, in one transaction of the target's; then its base map, when both hold one, in
    /// a third (the target makes the generalised copies anew, the same as this store's).
    public func copy(to target: any FeatureStore) throws -> ImportSummary {
        let targetBase = target as? any BaseMapStore
        guard try target.categories().isEmpty, try targetBase?.baseSources().isEmpty ?? true else {
            throw DatabaseError(description: "the target database already holds data; copy into an empty one, so that every id stays the same")
        }
        if try holdsZones() {
            var zones = ZoneFile(file: "time zones")
            zones.polygons = try zonePolygons(in: BoundingBox(minLon: -180, minLat: -90, maxLon: 180, maxLat: 90))
            _ = try target.importZones(zones)
        }
        let summary = try target.importFiles(try exportAll(), skipInvalid: false)
        if let targetBase, let base = try (self as? any BaseMapStore)?.exportBase(), !base.isEmpty {
            _ = try targetBase.importBase(base)
        }
        return summary
    }
}
