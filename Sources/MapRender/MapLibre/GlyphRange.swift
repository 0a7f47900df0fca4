import Foundation

/// A range of 256 characters of a font as MapLibre fetches them (`glyphs` URL,
/// `{fontstack}/{range}.pbf`), in the Protocol Buffers message of its glyphs.proto: glyphs →
/// fontstack (name, range, glyphs) → glyph (id, bitmap, width, height, left, top, advance).
public enum GlyphRange {
    /// Characters in a range.
    public static let length: UInt32 = 256

    /// The first character of a range written as MapLibre writes it ("0-255", "256-511", … up to
    /// "65280-65535"); nil for anything else.
    public static func start(of range: String) -> UInt32? {
        let parts = range.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, let start = UInt32(parts[0]), let end = UInt32(parts[1]), String(start) == parts[0],
              start % length == 0, end == start + length - 1, end <= 0xFFFF else { return nil }
        return start
    }

    /// The glyphs of the range starting at `start` in the face `fontstack` names (`MapLibreFonts`),
    /// each character the font has; nil when the stack names none of the style's fonts.
    public static func encode(fontstack: String, start: UInt32, style: MapStyle) throws -> Data? {
        guard let face = MapLibreFonts.face(of: fontstack, style: style) else { return nil }
        var glyphs: [GlyphSDF] = []
        for code in start..<(start + length) {
            guard let scalar = Unicode.Scalar(code), let glyph = try GlyphSDF.make(scalar, family: face.family, bold: face.bold) else { continue }
            glyphs.append(glyph)
        }
        var message = ProtobufWriter()
        message.message(1) { stack in
            stack.string(1, fontstack)
            stack.string(2, "\(start)-\(start + length - 1)")
            for g in glyphs {
                stack.message(3) { m in
                    m.uint(1, UInt64(g.id))
                    if !g.bitmap.isEmpty { m.bytes(2, g.bitmap) }
                    m.uint(3, UInt64(g.width))
                    m.uint(4, UInt64(g.height))
                    m.sint(5, Int64(g.left))
                    m.sint(6, Int64(g.top))
                    m.uint(7, UInt64(max(0, g.advance)))
                }
            }
        }
        return Data(message.bytes)
    }
}
