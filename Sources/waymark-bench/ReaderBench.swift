import BaseData
import Foundation
import GeoStore

/// Where Waymark's own reader and GDAL's both read a format (GeoJSON, CSV, GPX), the one kept
/// (issue 29): each reads the same file into records, best of `count` runs, in this one process.
/// `waymark-bench --readers a.geojson,b.csv,c.gpx` runs these rows alone.
enum ReaderBench {
    static func run(_ paths: [String], repeat count: Int = 3) throws {
        print("reader (best of \(count))        file                                records     seconds")
        for path in paths {
            let name = URL(fileURLWithPath: path).lastPathComponent
            for (reader, parse) in [("Waymark's own", { try FileImport.parse(paths: [path]) }),
                                    ("GDAL's", { [try VectorFileImport().parse(path: path, kind: nil, mapping: .none).materialized()] })] as [(String, () throws -> [ParsedFile])] {
                var best = Double.infinity, records = 0
                for _ in 0..<count {
                    var parsed: [ParsedFile] = []
                    best = min(best, try seconds { parsed = try parse() })
                    records = parsed.reduce(0) { $0 + $1.records.count }
                }
                print("\(reader.padding(toLength: 30, withPad: " ", startingAt: 0)) \(name.padding(toLength: 35, withPad: " ", startingAt: 0)) \(String(records).padding(toLength: 11, withPad: " ", startingAt: 0)) \(String(format: "%.3f", best))")
            }
        }
    }
}
