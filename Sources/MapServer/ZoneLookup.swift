import GeoCore
import GeoStore
import Synchronization

/// The zone of a point from every stored zone polygon held in memory, built once per data
/// version on a worker: a lookup then takes about a microsecond, where the store's own
/// `timezone(at:)` reads and decodes the polygons near each point (BENCHMARKS.md, "Time zones").
final class ZoneLookup: Sendable {
    private let workers: WorkerLanes
    private let version: DataVersion
    private let held = Mutex<(version: UInt64, index: ZoneIndex?)?>(nil)
    private let building = SingleFlight<ZoneIndex?>()

    init(workers: WorkerLanes, version: DataVersion) {
        self.workers = workers
        self.version = version
    }

    /// Nil when the database holds no zone polygons; an invalid point is refused naming `lat` or `lon`.
    func zone(at point: Coordinate) async throws -> ZoneAnswer? {
        let point = try Coordinate(validatingLat: point.lat, lon: point.lon)
        let version = version.current
        if let held = held.withLock({ $0 }), held.version == version { return held.index?.zone(at: point) }
        let (index, _) = try await building.run(String(version)) { [self] _ in
            let index = try await workers.queries.withStore { try $0.worldZoneIndex() }
            self.held.withLock { $0 = (version, index) }
            return index
        }
        return index?.zone(at: point)
    }
}
