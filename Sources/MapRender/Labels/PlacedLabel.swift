public struct PlacedLabel: Hashable, Sendable {
    public var groupID: String
    /// The text drawn, its lines separated by `LabelLines.separator`.
    public var text: String
    /// The box of all its lines, halo included.
    public var rect: PixelRect
    public var alignment: Alignment

    /// How a label's lines line up with each other.
    public enum Alignment: Sendable {
        case left, centre, right
    }

    public init(groupID: String, text: String, rect: PixelRect, alignment: Alignment) {
        (self.groupID, self.text, self.rect, self.alignment) = (groupID, text, rect, alignment)
    }

    public var lines: [Substring] { text.split(separator: LabelLines.separator) }

    func offset(by d: (x: Double, y: Double)) -> PlacedLabel {
        PlacedLabel(groupID: groupID, text: text, rect: rect.offset(by: d), alignment: alignment)
    }
}
