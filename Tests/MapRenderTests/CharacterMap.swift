import Foundation

/// The characters a TrueType font maps to glyphs (its `cmap`: format 12, else format 4).
struct CharacterMap {
    let font: Data
    let subtable: Int
    let format: Int

    struct Malformed: Error {}

    init(font: Data) throws {
        self.font = font
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        let tables = u16(4)
        guard let cmap = (0..<tables).map({ 12 + 16 * $0 }).first(where: { font[$0..<$0 + 4].elementsEqual("cmap".utf8) }) else {
            throw Malformed()
        }
        let base = u32(cmap + 8)
        let encodings = (0..<u16(base + 2)).map { base + 4 + 8 * $0 }
            .map { (platform: u16($0), encoding: u16($0 + 2), offset: base + u32($0 + 4)) }
        if let full = encodings.first(where: { $0.platform == 3 && $0.encoding == 10 && u16($0.offset) == 12 }) {
            (subtable, format) = (full.offset, 12)
        } else if let bmp = encodings.first(where: { $0.platform == 3 && $0.encoding == 1 && u16($0.offset) == 4 }) {
            (subtable, format) = (bmp.offset, 4)
        } else {
            throw Malformed()
        }
    }

    func covers(_ text: String) -> Bool { text.unicodeScalars.allSatisfy(contains) }

    func contains(_ scalar: Unicode.Scalar) -> Bool {
        let font = self.font, c = Int(scalar.value), t = subtable
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        if format == 12 {
            for g in 0..<u32(t + 12) {
                let group = t + 16 + 12 * g
                if (u32(group)...u32(group + 4)).contains(c) { return u32(group + 8) + c - u32(group) != 0 }
            }
            return false
        }
        guard c <= 0xFFFF else { return false }
        let segments = u16(t + 6) / 2
        let ends = t + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, ranges = deltas + 2 * segments
        for i in 0..<segments where u16(ends + 2 * i) >= c {
            let start = u16(starts + 2 * i)
            guard start <= c else { return false }
            let delta = u16(deltas + 2 * i), rangeOffset = u16(ranges + 2 * i)
            if rangeOffset == 0 { return (c + delta) & 0xFFFF != 0 }
            let glyph = u16(ranges + 2 * i + rangeOffset + 2 * (c - start))
            return glyph != 0 && (glyph + delta) & 0xFFFF != 0
        }
        return false
    }
}
