import GeoCore

/// Reads SpatiaLite's own geometry BLOB (its documented internal format) where that is cheaper
/// than asking SpatiaLite: a point's coordinates are at fixed offsets, so the hot query loops
/// read them straight from the column instead of calling `ST_X` and `ST_Y`, which each parse
/// the whole BLOB into an allocated geometry.
enum SpatiaLiteBlob {
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
