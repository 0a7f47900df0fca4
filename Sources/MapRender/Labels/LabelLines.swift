import GeoCore

/// How a name is fitted into a label no wider than the style's `max_width`: on one line when it
/// fits; else broken at a space into two lines (`max_lines` 2), at the space that makes the
/// longer line shortest, so that the lines balance; only when no break fits both lines is the
/// second shortened with "…". A word is never broken: a name whose first word alone is too wide
/// is one shortened line.
/// The lines are joined by `separator` in the text drawn.
enum LabelLines {
    static let separator: Character = "\n"

    /// `text` fitted to `maxWidth` in at most `maxLines` (1 or 2) lines `lineAdvance` apart,
    /// with the box it needs; `measure` gives one line's box.
    static func fitted(_ text: String, maxWidth: Double, maxLines: Int, lineAdvance: Double,
                       measure: (String) -> (width: Double, height: Double)) -> (text: String, width: Double, height: Double) {
        let whole = measure(text)
        guard whole.width > maxWidth else { return (text, whole.width, whole.height) }
        guard maxLines > 1 else { return shortened(text, maxWidth: maxWidth, measure: measure) }
        let name = text
        var balanced: (first: String, second: String, width: Double)?
        var fullest: (first: String, width: Double, rest: String)?
        for space in name.indices where name[space] == " " {
            let first = String(name[..<space]).trimmedOfSpaces, rest = String(name[name.index(after: space)...]).trimmedOfSpaces
            guard !first.isEmpty, !rest.isEmpty else { continue }
            let second = rest
            let firstWidth = measure(first).width
            // A first line only grows with the breaks that follow.
            guard firstWidth <= maxWidth else { break }
            fullest = (first, firstWidth, second)
            let secondWidth = measure(second).width
            let width = max(firstWidth, secondWidth)
            if secondWidth <= maxWidth, width < balanced?.width ?? .infinity { balanced = (first, second, width) }
        }
        let height = whole.height + lineAdvance
        if let balanced { return (balanced.first + String(separator) + balanced.second, balanced.width, height) }
        guard let fullest else { return shortened(text, maxWidth: maxWidth, measure: measure) }
        let rest = shortened(fullest.rest, maxWidth: maxWidth, measure: measure)
        return (fullest.first + String(separator) + rest.text, max(fullest.width, rest.width), height)
    }

    /// `text`, or as much of it as fits `maxWidth` followed by "…".
    static func shortened(_ text: String, maxWidth: Double, measure: (String) -> (width: Double, height: Double))
        -> (text: String, width: Double, height: Double) {
        let whole = measure(text)
        guard whole.width > maxWidth else { return (text, whole.width, whole.height) }
        // Bisection on the number of characters kept: measuring is the costly part.
        let characters = Array(text)
        var (low, high) = (0, characters.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]).trimmedOfSpaces + "…").width <= maxWidth { low = mid } else { high = mid - 1 }
        }
        let short = String(characters[..<low]).trimmedOfSpaces + "…"
        let size = measure(short)
        return (short, size.width, size.height)
    }
}
