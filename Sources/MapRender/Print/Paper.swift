/// A sheet of paper, in millimetres.
public struct Paper: Sendable, Hashable, CustomStringConvertible {
    public var name: String
    public var widthMM: Double, heightMM: Double

    /// The papers a manifest may name, portrait.
    public static let sizes = [Paper(name: "A4", widthMM: 210, heightMM: 297), Paper(name: "A3", widthMM: 297, heightMM: 420),
                               Paper(name: "A2", widthMM: 420, heightMM: 594), Paper(name: "Letter", widthMM: 215.9, heightMM: 279.4)]

    public static func named(_ name: String) -> Paper? { sizes.first { $0.name.lowercased() == name.lowercased() } }

    public var isLandscape: Bool { widthMM > heightMM }
    /// The same paper turned on its side.
    public var landscape: Paper { isLandscape ? self : Paper(name: name, widthMM: heightMM, heightMM: widthMM) }

    /// The page in PDF points (1/72 inch): the unit a page is laid out in.
    public var points: (width: Double, height: Double) { (widthMM * PrintScale.pointsPerMM, heightMM * PrintScale.pointsPerMM) }

    /// The page's pixels at `dpi`, rounded to whole pixels (A4 at 300 dpi: 2480 × 3508).
    public func pixels(dpi: Double) -> (width: Int, height: Int) {
        (Int((widthMM / 25.4 * dpi).rounded()), Int((heightMM / 25.4 * dpi).rounded()))
    }

    public var description: String { "\(name) \(isLandscape ? "landscape" : "portrait")" }
}
