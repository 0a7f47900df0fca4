@testable import MapRender

/// Interior overlap written out from the edges, not through PixelRect.intersects: the tests'
/// own oracle.
func overlaps(_ a: PixelRect, _ b: PixelRect) -> Bool {
    let w = min(a.x + a.width, b.x + b.width) - max(a.x, b.x)
    let h = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
    return w > 0 && h > 0
}
