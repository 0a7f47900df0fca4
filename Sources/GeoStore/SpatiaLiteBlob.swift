import GeoCore

/// SpatiaLite's own geometry BLOB (its documented internal format) for points, where that is
/// cheaper than asking SpatiaLite: a point's coordinates are at fixed offsets, so the hot query
/// loops read them straight from the column instead of calling `ST_X` and `ST_Y` (which each
/// parse the whole BLOB into an allocated geometry), and bulk imports write them directly.
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
}
