/// The exact Euclidean distance transform of Felzenszwalb and Huttenlocher ("Distance Transforms
/// of Sampled Functions", 2012): squared distances on a grid, a row pass then a column pass, each
/// the lower envelope of parabolas, in time linear in the pixels. Glyph SDFs (`GlyphSDF`) take
/// their distances from it rather than from a chamfer or a bounded search, which err along diagonals.
enum EuclideanDistance {
    /// `grid` holds, per pixel, 0 where the shape is, infinity where it is not (or a squared
    /// sub-pixel distance at its edge); it is replaced by each pixel's squared distance to the shape.
    static func transform(_ grid: inout [Double], width: Int, height: Int) {
        let longest = max(width, height)
        var line = [Double](repeating: 0, count: longest), out = [Double](repeating: 0, count: longest)
        var vertices = [Int](repeating: 0, count: longest), bounds = [Double](repeating: 0, count: longest + 1)
        for x in 0..<width {
            for y in 0..<height { line[y] = grid[y * width + x] }
            envelope(line, count: height, into: &out, vertices: &vertices, bounds: &bounds)
            for y in 0..<height { grid[y * width + x] = out[y] }
        }
        for y in 0..<height {
            for x in 0..<width { line[x] = grid[y * width + x] }
            envelope(line, count: width, into: &out, vertices: &vertices, bounds: &bounds)
            for x in 0..<width { grid[y * width + x] = out[x] }
        }
    }

    /// One dimension: `out[q]` = min over p of (q − p)² + f[p].
    private static func envelope(_ f: [Double], count n: Int, into out: inout [Double], vertices v: inout [Int], bounds z: inout [Double]) {
        guard n > 0 else { return }
        var k = 0
        v[0] = 0
        z[0] = -.infinity
        z[1] = .infinity
        for q in 1..<max(1, n) {
            guard f[q].isFinite else { continue }
            // A vertex with an infinite value is no parabola: the first finite one replaces it.
            if !f[v[0]].isFinite, k == 0 { v[0] = q; continue }
            var s: Double
            repeat {
                let r = v[k]
                s = ((f[q] + Double(q * q)) - (f[r] + Double(r * r))) / Double(2 * (q - r))
                if s <= z[k] { k -= 1 } else { break }
            } while k >= 0
            k += 1
            v[k] = q
            z[k] = s
            z[k + 1] = .infinity
        }
        k = 0
        for q in 0..<n {
            while z[k + 1] < Double(q) { k += 1 }
            let r = v[k], d = Double(q - r)
            out[q] = f[r].isFinite ? d * d + f[r] : .infinity
        }
    }
}
