import GeoCore
import GeoStore

/// SpatiaLite's own geometry BLOB (its documented internal format), where that is cheaper than
/// asking SpatiaLite: a point's coordinates are at fixed offsets, so the hot query loops read
/// them straight from the column instead of calling `ST_X` and `ST_Y` (which each parse the whole
/// BLOB into an allocated geometry), and bulk imports write them directly; the base map's lines
/// and areas are read from it instead of through `AsBinary` (a parse and a WKB copy per row).
enum SpatiaLiteBlob {
    /// The little-endian XY POINT BLOB of `c` in EPSG:4326.
    static func encode(_ c: Coordinate) -> [UInt8] {
        var blob: [UInt8] = [0x00, 0x01]
        func append<T: FixedWidthInteger>(_ v: T) { withUnsafeBytes(of: v.littleEndian) { blob += $0 } }
        append(UInt32(4326))
        for v in [c.lon, c.lat, c.lon, c.lat] { append(v.bitPattern) } // the MBR of a point is the point
        blob.append(0x7C)
        append(UInt32(1))
        append(c.lon.bitPattern)
        append(c.lat.bitPattern)
        blob.append(0xFE)
        return blob
    }

    /// The coordinate of a little- or big-endian XY POINT BLOB; nil for anything else.
    static func point(_ blob: UnsafeRawBufferPointer) -> Coordinate? {
        // 0x00, endianness, SRID (4), MBR (32), 0x7C, class (4), X (8), Y (8), 0xFE.
        guard blob.count == 60, blob[0] == 0x00, blob[38] == 0x7C, blob[59] == 0xFE else { return nil }
        let little = blob[1] == 0x01
        func int32(_ offset: Int) -> UInt32 {
            let raw = blob.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            return little ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
        }
        func double(_ offset: Int) -> Double {
            let raw = blob.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            return Double(bitPattern: little ? UInt64(littleEndian: raw) : UInt64(bigEndian: raw))
        }
        guard int32(39) == 1 else { return nil } // 1 = POINT with X and Y only
        return Coordinate(lat: double(51), lon: double(43))
    }

    /// The geometry of an XY BLOB of SpatiaLite's uncompressed classes: (multi)point, (multi)line
    /// string, (multi)polygon. Nil for anything else (Z or M coordinates, compressed classes, a
    /// collection, a malformed BLOB): ask SpatiaLite for it then.
    static func geometry(_ blob: UnsafeRawBufferPointer) -> Geometry? {
        // 0x00, endianness, SRID (4), MBR (32), 0x7C, class (4), the class's body, 0xFE; each
        // member of a multi-geometry is 0x69, its class (4) and its body.
        guard blob.count >= 44, blob[0] == 0x00, blob[1] <= 1, blob[38] == 0x7C, blob[blob.count - 1] == 0xFE else { return nil }
        var reader = Reader(blob: blob, little: blob[1] == 0x01, offset: 39)
        guard let type = reader.int32() else { return nil }
        let geometry: Geometry?
        switch type {
        case 1: geometry = reader.coordinate().map(Geometry.point)
        case 2: geometry = reader.points().map(Geometry.lineString)
        case 3: geometry = reader.rings().map(Geometry.polygon)
        case 4: geometry = reader.members(1) { $0.coordinate() }.map(Geometry.multiPoint)
        case 5: geometry = reader.members(2) { $0.points() }.map(Geometry.multiLineString)
        case 6: geometry = reader.members(3) { $0.rings() }.map(Geometry.multiPolygon)
        default: return nil
        }
        // Exactly up to the end mark.
        return reader.offset == blob.count - 1 ? geometry : nil
    }

    private struct Reader {
        let blob: UnsafeRawBufferPointer
        let little: Bool
        var offset: Int

        mutating func int32() -> UInt32? {
            guard offset + 4 <= blob.count else { return nil }
            let raw = blob.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
            offset += 4
            return little ? UInt32(littleEndian: raw) : UInt32(bigEndian: raw)
        }

        /// A count of items of at least `size` bytes each, no more than the BLOB has room for.
        mutating func count(of size: Int) -> Int? {
            guard let n = int32().map(Int.init), n <= (blob.count - offset) / size else { return nil }
            return n
        }

        mutating func coordinate() -> Coordinate? {
            guard offset + 16 <= blob.count else { return nil }
            func double(_ at: Int) -> Double {
                let raw = blob.loadUnaligned(fromByteOffset: at, as: UInt64.self)
                return Double(bitPattern: little ? UInt64(littleEndian: raw) : UInt64(bigEndian: raw))
            }
            defer { offset += 16 }
            return Coordinate(lat: double(offset + 8), lon: double(offset))
        }

        mutating func points() -> [Coordinate]? {
            guard let n = count(of: 16) else { return nil }
            var points: [Coordinate] = []
            points.reserveCapacity(n)
            for _ in 0..<n { points.append(coordinate()!) }
            return points
        }

        mutating func rings() -> [[Coordinate]]? {
            guard let n = count(of: 4) else { return nil }
            var rings: [[Coordinate]] = []
            rings.reserveCapacity(n)
            for _ in 0..<n {
                guard let ring = points() else { return nil }
                rings.append(ring)
            }
            return rings
        }

        /// The members of a multi-geometry, each of class `type`.
        mutating func members<T>(_ type: UInt32, _ body: (inout Reader) -> T?) -> [T]? {
            guard let n = count(of: 5) else { return nil }
            var members: [T] = []
            members.reserveCapacity(n)
            for _ in 0..<n {
                guard offset < blob.count, blob[offset] == 0x69 else { return nil }
                offset += 1
                guard int32() == type, let member = body(&self) else { return nil }
                members.append(member)
            }
            return members
        }
    }
}
