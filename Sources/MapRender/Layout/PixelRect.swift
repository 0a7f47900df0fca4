import GeoCore

/// An axis-aligned rectangle in image pixels, top-left origin.
public struct PixelRect: Hashable, Sendable {
    public var x, y, width, height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        (self.x, self.y, self.width, self.height) = (x, y, width, height)
    }

    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }

    /// True when the two share interior area. Rects that only touch along an edge do not
    /// intersect, so a label may sit flush against its pin or a neighbour.
    public func intersects(_ other: PixelRect) -> Bool {
        x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
    }

    public func contains(_ other: PixelRect) -> Bool {
        other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
    }
}

extension PixelRect {
    func offset(by d: (x: Double, y: Double)) -> PixelRect { PixelRect(x: x + d.x, y: y + d.y, width: width, height: height) }
    func grown(by d: Double) -> PixelRect { grown(by: (d, d)) }
    func grown(by d: (x: Double, y: Double)) -> PixelRect { PixelRect(x: x - d.x, y: y - d.y, width: width + 2 * d.x, height: height + 2 * d.y) }

    /// The smallest rect holding both.
    func union(_ o: PixelRect) -> PixelRect {
        let x0 = min(x, o.x), y0 = min(y, o.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, o.maxX) - x0, height: max(maxY, o.maxY) - y0)
    }

    /// The smallest rect holding this one and the point.
    func including(_ p: (x: Double, y: Double)) -> PixelRect { union(PixelRect(x: p.x, y: p.y, width: 0, height: 0)) }
}
