import GeoCore

/// How a name is fitted into a label no wider than the style's `max_width`: on one line when it
/// fits; else broken at a space into two lines (`max_lines` 2), at the space that makes the
/// longer line shortest, so that the lines balance; only when no break fits both lines is the
/// second shortened with "…". A cluster's count (" +3") stays at the end of the last line, and
/// a word is never broken: a name whose first word alone is too wide is one shortened line.
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
        let (name, count) = clusterCount(text)
        var balanced: (first: String, second: String, width: Double)?
        var fullest: (first: String, width: Double, rest: String)?
        for space in name.indices where name[space] == " " {
            let first = String(name[..<space]).trimmedOfSpaces, rest = String(name[name.index(after: space)...]).trimmedOfSpaces
            guard !first.isEmpty, !rest.isEmpty else { continue }
            let second = rest + count
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

    /// `text`, or as much of it as fits `maxWidth` followed by "…" — and by a cluster's count
    /// (" +3"), which is kept whole.
    static func shortened(_ text: String, maxWidth: Double, measure: (String) -> (width: Double, height: Double))
        -> (text: String, width: Double, height: Double) {
        let whole = measure(text)
        guard whole.width > maxWidth else { return (text, whole.width, whole.height) }
        let (name, more) = clusterCount(text)
        // Bisection on the number of characters kept: measuring is the costly part.
        let characters = Array(name)
        var (low, high) = (0, characters.count - 1)
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(String(characters[..<mid]).trimmedOfSpaces + "…" + more).width <= maxWidth { low = mid } else { high = mid - 1 }
        }
        let short = String(characters[..<low]).trimmedOfSpaces + "…" + more
        let size = measure(short)
        return (short, size.width, size.height)
    }

    /// A cluster's label split into its name and its count (" +3"); any other text, whole and "".
    static func clusterCount(_ text: String) -> (name: Substring, count: String) {
        if let plus = text.range(of: " +", options: .backwards), !text[plus.upperBound...].isEmpty, text[plus.upperBound...].allSatisfy(\.isNumber) {
            return (text[..<plus.lowerBound], String(text[plus.lowerBound...]))
        }
        return (Substring(text), "")
    }
}
