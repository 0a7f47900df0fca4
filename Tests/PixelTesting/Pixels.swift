import CCairo
import Foundation
import MapRender

/// The pixels of a PNG, read back by Cairo (an independent decoder: not our encoder): native-endian
/// 32-bit ARGB, premultiplied, row after row.
public struct Pixels {
    public struct NotAPNG: Error {}

    public let width: Int, height: Int, data: [UInt32]

    public init(png: Data) throws {
        final class Source { var data: Data; var offset = 0; init(_ d: Data) { data = d } }
        let source = Source(png)
        let read: cairo_read_func_t = { closure, buffer, length in
            let s = Unmanaged<Source>.fromOpaque(closure!).takeUnretainedValue()
            guard s.offset + Int(length) <= s.data.count else { return CAIRO_STATUS_READ_ERROR }
            s.data.copyBytes(to: buffer!, from: s.offset..<(s.offset + Int(length)))
            s.offset += Int(length)
            return CAIRO_STATUS_SUCCESS
        }
        let surface = cairo_image_surface_create_from_png_stream(read, Unmanaged.passUnretained(source).toOpaque())
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { throw NotAPNG() }
        width = Int(cairo_image_surface_get_width(surface))
        height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        let base = cairo_image_surface_get_data(surface)!.withMemoryRebound(to: UInt32.self, capacity: stride * height) { $0 }
        var data: [UInt32] = []
        for y in 0..<height { for x in 0..<width { data.append(base[y * stride + x]) } }
        self.data = data
    }

    public func rgb(_ x: Int, _ y: Int) -> (r: Double, g: Double, b: Double) {
        let p = data[y * width + x]
        return (Double((p >> 16) & 0xFF) / 255, Double((p >> 8) & 0xFF) / 255, Double(p & 0xFF) / 255)
    }

    public func near(_ x: Int, _ y: Int, _ c: RGBA, tolerance: Double = 0.08) -> Bool {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return false }
        let p = rgb(x, y)
        return abs(p.r - c.r) < tolerance && abs(p.g - c.g) < tolerance && abs(p.b - c.b) < tolerance
    }
}
