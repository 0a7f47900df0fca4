import GeoCore

/// A label the renderer would like to draw beside a mark.
public struct LabelRequest: Sendable {
    public var groupID: String
    public var text: String
    /// What a finished image may draw instead where `text` finds no room (`MarkNaming`), if anything.
    public var fallback: String?
    /// The mark's anchor (a pin's tip, a dot's or cluster's centre): where the label belongs.
    public var anchor: (x: Double, y: Double)
    /// The box the mark covers.
    public var mark: PixelRect
    /// The height at which a label beside the mark is centred: a pin's head, a disc's centre.
    public var middle: Double
    /// Lower is more important…
    public var priority: Int
    /// …then higher is more important; ties are broken by `groupID`.
    public var importance: Int

    public init(groupID: String, text: String, anchor: (x: Double, y: Double), mark: PixelRect, middle: Double, priority: Int, importance: Int = 0,
                fallback: String? = nil) {
        (self.groupID, self.text, self.anchor, self.mark, self.middle) = (groupID, text, anchor, mark, middle)
        (self.priority, self.importance, self.fallback) = (priority, importance, fallback)
    }

    /// Where the label may go, in order of preference, `gap` pixels off the mark's box: right,
    /// left (centred on `middle`), above, below, then the four corners (upper right, lower
    /// right, upper left, lower left), as cartographers try them.
    func candidates(width w: Double, height h: Double, gap: Double) -> [PixelRect] {
        let m = mark
        return [
            PixelRect(x: m.maxX + gap, y: middle - h / 2, width: w, height: h),
            PixelRect(x: m.minX - gap - w, y: middle - h / 2, width: w, height: h),
            PixelRect(x: m.midX - w / 2, y: m.minY - gap - h, width: w, height: h),
            PixelRect(x: m.midX - w / 2, y: m.maxY + gap, width: w, height: h),
            PixelRect(x: m.maxX + gap, y: m.minY - gap - h / 2, width: w, height: h),
            PixelRect(x: m.maxX + gap, y: m.maxY + gap - h / 2, width: w, height: h),
            PixelRect(x: m.minX - gap - w, y: m.minY - gap - h / 2, width: w, height: h),
            PixelRect(x: m.minX - gap - w, y: m.maxY + gap - h / 2, width: w, height: h),
        ]
    }

    /// Four more spots for a finished image, above and below the mark but flush with its left
    /// or right side rather than centred (upper right, upper left, lower right, lower left).
    func flushCandidates(width w: Double, height h: Double, gap: Double) -> [PixelRect] {
        let m = mark
        return [
            PixelRect(x: m.minX, y: m.minY - gap - h, width: w, height: h),
            PixelRect(x: m.maxX - w, y: m.minY - gap - h, width: w, height: h),
            PixelRect(x: m.minX, y: m.maxY + gap, width: w, height: h),
            PixelRect(x: m.maxX - w, y: m.maxY + gap, width: w, height: h),
        ]
    }

    /// A finished image's last resort: beside the mark, half a label above and below its middle
    /// (right, then left), which a crowded core often has free where every other spot is taken.
    func sideCandidates(width w: Double, height h: Double, gap: Double) -> [PixelRect] {
        let m = mark
        return [
            PixelRect(x: m.maxX + gap, y: middle - h, width: w, height: h),
            PixelRect(x: m.maxX + gap, y: middle, width: w, height: h),
            PixelRect(x: m.minX - gap - w, y: middle - h, width: w, height: h),
            PixelRect(x: m.minX - gap - w, y: middle, width: w, height: h),
        ]
    }

    /// How the lines of a label at `spot`, one of the candidates, line up: right of the mark
    /// they start at its side, left of it they end there; above or below it, they are centred
    /// when the label is, else they line up with the side of the mark the label is flush with.
    func alignment(of spot: PixelRect) -> PlacedLabel.Alignment {
        if spot.minX >= mark.maxX { return .left }
        if spot.maxX <= mark.minX { return .right }
        let left = abs(spot.minX - mark.minX), centre = abs(spot.midX - mark.midX), right = abs(spot.maxX - mark.maxX)
        return centre <= min(left, right) ? .centre : left <= right ? .left : .right
    }

    /// How far the mark's box reaches from the anchor on each side.
    var markExtent: PixelExtent {
        PixelExtent(left: anchor.x - mark.minX, top: anchor.y - mark.minY, right: mark.maxX - anchor.x, bottom: mark.maxY - anchor.y)
    }

    /// How far any candidate reaches from the anchor, for marks up to `mark` and labels up to `size`.
    static func reach(_ mark: PixelExtent, size: (width: Double, height: Double), gap: Double) -> (x: Double, y: Double) {
        (max(mark.left, mark.right) + gap + size.width, max(mark.top, mark.bottom) + gap + size.height)
    }
}
