/// How far a drawn mark reaches from its anchor, in pixels: a pin reaches up from its tip, a
/// label to the side. Zoom-to-fit keeps every mark whole inside the image.
public struct PixelExtent: Hashable, Sendable {
    public var left, top, right, bottom: Double

    public init(left: Double, top: Double, right: Double, bottom: Double) {
        (self.left, self.top, self.right, self.bottom) = (left, top, right, bottom)
    }

    public static let point = PixelExtent(left: 0, top: 0, right: 0, bottom: 0)
}
