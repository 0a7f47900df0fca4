/// Positions along a Hilbert curve over the longitude/latitude plane. Sorting by it keeps
/// things that are near on the map near in a sequence (and in a file written in that order).
public enum HilbertCurve {
    /// The index of the cell containing `c` on a 2^16 × 2^16 grid.
    public static func index(_ c: Coordinate) -> UInt32 {
        let side = Double(1 << 16)
        let x = UInt32(min(side - 1, max(0, (c.lon + 180) / 360 * side)))
        let y = UInt32(min(side - 1, max(0, (c.lat + 90) / 180 * side)))
        return index(x: x, y: y, order: 16)
    }

    /// The classic conversion of cell (x, y) of a 2^order grid to its distance along the curve.
    static func index(x: UInt32, y: UInt32, order: Int) -> UInt32 {
        let n: UInt32 = 1 << order
        var (x, y, d) = (x, y, UInt32(0))
        var s = n / 2
        while s > 0 {
            let rx: UInt32 = x & s > 0 ? 1 : 0
            let ry: UInt32 = y & s > 0 ? 1 : 0
            d += s * s * ((3 * rx) ^ ry)
            // Turn the quadrant so that the curve runs on without a jump.
            if ry == 0 {
                if rx == 1 { (x, y) = (n &- 1 &- x, n &- 1 &- y) }
                (x, y) = (y, x)
            }
            s /= 2
        }
        return d
    }
}
