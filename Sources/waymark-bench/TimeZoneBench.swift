import Foundation
import GeoCore
import GeoStore
import SpatiaLiteStore

/// The zone of a point (issue 17) against tzfpy and timezonefinder (PyPI, `Benchmarks/
/// timezone_points.py`) on the same 10 000 land points, those of the time zone oracle's fixture:
/// Waymark in memory (the `ZoneIndex` an import builds once for all its records, and the server
/// holds for `/v1/timezone`) and through the store's call for one point, as `waymark timezone`
/// makes it (`timezone(at:)`: the polygons near the point read through the spatial index, then
/// decided in memory). Rows run when `--only` is absent or a
/// prefix of "zone".
enum TimeZoneBench {
    static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Tests/Fixtures/timezone-oracle.csv").standardized
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Benchmarks/timezone_points.py").standardized

    static func run(work: URL, repeat count: Int) throws {
        guard only.map({ "zone".hasPrefix($0) || $0.hasPrefix("zone") }) ?? true else { return }
        guard let data = DefaultDataset.dataDirectory() else {
            print("\nskipped the zone rows: no Data/ directory found (set $WAYMARK_DATA)")
            return
        }
        let points = try String(contentsOf: fixture, encoding: .utf8).split(separator: "\n").dropFirst(2).map { line in
            let fields = line.split(separator: ",")
            return Coordinate(lat: Double(fields[0])!, lon: Double(fields[1])!)
        }
        let path = work.appendingPathComponent("zones.sqlite").path
        removeDatabase(path)
        let store = try SpatiaLiteStore(path: path)
        let zoneFile = data.appendingPathComponent("timezones/tz_world_simpl001.geojson").path
        let importSeconds = try seconds { _ = try store.importZones(ZoneFileParser.parse(path: zoneFile)) }
        var world: ZoneIndex?
        let indexSeconds = try seconds { world = try store.worldZoneIndex() }
        guard let world else { return }
        print(String(format: "\nzone polygons: %d, imported in %.2f s; the whole world's index read and built in %.3f s",
                     world.polygons.count, importSeconds, indexSeconds))

        let csv = work.appendingPathComponent("zone-points.csv")
        try (["lat,lon"] + points.map { String(format: "%.6f,%.6f", $0.lat, $0.lon) }).joined(separator: "\n")
            .write(to: csv, atomically: true, encoding: .utf8)
        struct Peer: Decodable { let samples_us: [Double]; let zones: [String?] }
        var peers: [String: Peer] = [:]
        if let output = Shell.output("/usr/bin/env", ["python3", script.path, "--points", csv.path, "--repeat", String(count)]) {
            peers = (try? JSONDecoder().decode([String: Peer].self, from: Data(output.utf8))) ?? [:]
        }
        if peers.isEmpty { print("no zone peer ran: `python3 -m pip install tzfpy timezonefinder` for them") }

        let inMemory = measureZones("zone of a point, in memory", points, count) { world.zone(at: $0).zone }
        let engine = try measureZones("zone of a point, store call", points, count) { try store.timezone(at: $0)!.zone }
        var rows: [(ours: (Timing, hits: Double), peer: (Timing, hits: Double)?)] = []
        for (ours, peerName) in [(inMemory, "tzfpy"), (engine, "timezonefinder")] {
            let peer = peers[peerName].map { (Timing(name: peerName, samples: $0.samples_us), hits: 1.0) }
            rows.append((ours: (ours.timing, hits: 1), peer: peer))
        }
        report("zone of a point (µs), \(points.count) land points × \(count)", rows)
        for (name, peer) in peers.sorted(by: { $0.key < $1.key }) {
            let agree = zip(inMemory.zones, peer.zones).filter { $0 == $1 }.count
            print(String(format: "Waymark and %@ agree on %d of %d points (%.2f%%)", name, agree, points.count,
                         100 * Double(agree) / Double(points.count)))
        }
    }

    /// Each point's zone `count` times over, timed per call; the zones of the first pass.
    static func measureZones(_ name: String, _ points: [Coordinate], _ count: Int,
                             _ zone: (Coordinate) throws -> String) rethrows -> (timing: Timing, zones: [String]) {
        let zones = try points.map(zone)
        var samples: [Double] = []
        samples.reserveCapacity(points.count * count)
        for _ in 0..<count {
            for p in points { _ = try timed({ _ in try zone(p).isEmpty ? 0 : 1 }, 0, into: &samples) }
        }
        return (Timing(name: name, samples: samples), zones)
    }
}
