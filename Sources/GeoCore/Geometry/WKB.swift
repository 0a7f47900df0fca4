/// Well-known binary (ISO/OGC, 2D), the exchange format with SpatiaLite's `GeomFromWKB` / `AsBinary`.
public enum WKB {
    public struct DecodingError: Error, CustomStringConvertible {
        public let description: String
    }

    public static func encode(_ geometry: Geometry) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(64)
        write(geometry, into: &out)
        return out
    }

    public static func decode(_ bytes: UnsafeRawBufferPointer) throws -> Geometry {
        var reader = Reader(bytes: bytes)
        return try reader.geometry()
    }

    public static func decode(_ bytes: [UInt8]) throws -> Geometry {
        try bytes.withUnsafeBytes { try decode($0) }
    }

    private static func write(_ g: Geometry, into out: inout [UInt8]) {
        func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { out.append(contentsOf: $0) } }
        func coord(_ c: Coordinate) {
            withUnsafeBytes(of: c.lon.bitPattern.littleEndian) { out.append(contentsOf: $0) }
            withUnsafeBytes(of: c.lat.bitPattern.littleEndian) { out.append(contentsOf: $0) }
        }
        func points(_ cs: [Coordinate]) { u32(UInt32(cs.count)); cs.forEach(coord) }
        func rings(_ rs: [[Coordinate]]) { u32(UInt32(rs.count)); rs.forEach(points) }
        out.append(1) // little endian
        switch g {
        case let .point(c): u32(1); coord(c)
        case let .lineString(cs): u32(2); points(cs)
        case let .polygon(rs): u32(3); rings(rs)
        case let .multiPoint(cs): u32(4); u32(UInt32(cs.count)); cs.forEach { write(.point($0), into: &out) }
        case let .multiLineString(ls): u32(5); u32(UInt32(ls.count)); ls.forEach { write(.lineString($0), into: &out) }
        case let .multiPolygon(ps): u32(6); u32(UInt32(ps.count)); ps.forEach { write(.polygon($0), into: &out) }
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0
        var littleEndian = true

        init(bytes: UnsafeRawBufferPointer) { self.bytes = bytes }

        mutating func u32() throws -> UInt32 {
            guard offset + 4 <= bytes.count else { throw DecodingError(description: "WKB ends early") }
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            offset += 4
            return littleEndian ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
        }

        mutating func f64() throws -> Double {
            guard offset + 8 <= bytes.count else { throw DecodingError(description: "WKB ends early") }
            let raw = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            offset += 8
            return Double(bitPattern: littleEndian ? UInt64(littleEndian: raw) : UInt64(bigEndian: raw))
        }

        mutating func coordinate() throws -> Coordinate {
            let lon = try f64()
            return Coordinate(lat: try f64(), lon: lon)
        }

        mutating func count() throws -> Int {
            let n = Int(try u32())
            guard n <= bytes.count else { throw DecodingError(description: "WKB count \(n) exceeds its length") }
            return n
        }

        mutating func points() throws -> [Coordinate] { try (0..<count()).map { _ in try coordinate() } }
        mutating func rings() throws -> [[Coordinate]] { try (0..<count()).map { _ in try points() } }

        mutating func geometry() throws -> Geometry {
            guard offset < bytes.count else { throw DecodingError(description: "WKB ends early") }
            littleEndian = bytes[offset] == 1
            offset += 1
            let type = try u32()
            switch type {
            case 1: return .point(try coordinate())
            case 2: return .lineString(try points())
            case 3: return .polygon(try rings())
            case 4: return .multiPoint(try (0..<count()).map { _ in
                guard case let .point(c) = try geometry() else { throw DecodingError(description: "MultiPoint member is not a Point") }
                return c
            })
            case 5: return .multiLineString(try (0..<count()).map { _ in
                guard case let .lineString(l) = try geometry() else { throw DecodingError(description: "MultiLineString member is not a LineString") }
                return l
            })
            case 6: return .multiPolygon(try (0..<count()).map { _ in
                guard case let .polygon(p) = try geometry() else { throw DecodingError(description: "MultiPolygon member is not a Polygon") }
                return p
            })
            default: throw DecodingError(description: "unsupported WKB geometry type \(type) (2D only)")
            }
        }
    }
}
