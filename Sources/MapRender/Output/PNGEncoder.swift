import CDeflate
import Foundation
import GeoCore
/// Encodes Cairo image surfaces as PNG with fast compression. Cairo's own PNG writer uses
/// libpng's defaults (zlib level 6), which took 40% of an overview map's time; maps are mostly
/// flat colour, which a fast level packs nearly as well. Rows go unfiltered: runs of one colour
/// repeat as they are, which deflate matches sooner and packs smaller than the "Sub" filter's
/// differences (BENCHMARKS.md).
enum PNGEncoder {
    /// `pixels`: rows of `stride` bytes of native-endian 32-bit pixels, alpha (or unused, when
    /// `opaque`) in the top byte and colours premultiplied by alpha, as Cairo stores them.
    /// Stops with `CancellationError` between rows once `cancellation` is cancelled.
    static func encode(pixels: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int, opaque: Bool,
                       cancellation: Cancellation = .never) throws -> Data {
        let channels = opaque ? 3 : 4
        let rowBytes = 1 + width * channels // a filter byte, then the row
        var raw = [UInt8](repeating: 0, count: rowBytes * height)
        try raw.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                try cancellation.check()
                let row = UnsafeRawPointer(pixels + y * stride).assumingMemoryBound(to: UInt32.self)
                // After the row's filter byte: 0, None (the row as it is), which the buffer holds.
                var o = out.baseAddress! + y * rowBytes + 1
                guard !opaque else {
                    // Every pixel's colours, as they are (a base map's tile or overview).
                    for x in 0..<width {
                        let p = row[x]
                        (o[0], o[1], o[2]) = (UInt8(truncatingIfNeeded: p >> 16), UInt8(truncatingIfNeeded: p >> 8), UInt8(truncatingIfNeeded: p))
                        o += 3
                    }
                    continue
                }
                for x in 0..<width {
                    defer { o += 4 }
                    let p = row[x]
                    // Clear is zeros, which the buffer already holds: most of an annotation tile.
                    if p == 0 { continue }
                    let a = UInt8(truncatingIfNeeded: p >> 24)
                    var r = UInt8(truncatingIfNeeded: p >> 16), g = UInt8(truncatingIfNeeded: p >> 8), b = UInt8(truncatingIfNeeded: p)
                    if a != 0 && a != 255 {
                        // PNG stores straight alpha: undo Cairo's premultiplication, rounding to nearest.
                        func straight(_ c: UInt8) -> UInt8 { UInt8(min(255, (Int(c) * 255 + Int(a) / 2) / Int(a))) }
                        (r, g, b) = (straight(r), straight(g), straight(b))
                    }
                    (o[0], o[1], o[2], o[3]) = (r, g, b, a)
                }
            }
        }
        try cancellation.check()
        let compressed = try Deflate.compress(raw, into: .zlib)

        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        header.append(contentsOf: [8, opaque ? 2 : 6, 0, 0, 0]) // 8 bits, RGB or RGBA, deflate, filter method 0 (per row), no interlace
        png.appendChunk("IHDR", header)
        png.appendChunk("IDAT", Data(compressed))
        png.appendChunk("IEND", Data())
        return png
    }
}

private extension Data {
    mutating func appendBigEndian(_ v: UInt32) {
        Swift.withUnsafeBytes(of: v.bigEndian) { append(contentsOf: $0) }
    }

    /// Length, type, data, and the CRC of type and data.
    mutating func appendChunk(_ type: String, _ data: Data) {
        appendBigEndian(UInt32(data.count))
        let typeAndData = Data(type.utf8) + data
        append(typeAndData)
        let crc = typeAndData.withUnsafeBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
        appendBigEndian(UInt32(crc))
    }
}
