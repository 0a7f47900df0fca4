import Foundation

extension String {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`); Foundation's
    /// trimming, which goes through NSString and costs microseconds, only when there are any
    /// (names and parameters mostly have none).
    public var trimmedOfSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
              Self.isSpace(first) || Self.isSpace(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }

    /// Whether `c` is in `CharacterSet.whitespaces`, answered without asking it for ASCII: of
    /// ASCII only space and tab are (asking costs more than the rest of a short name's trimming).
    private static func isSpace(_ c: Unicode.Scalar) -> Bool {
        c.isASCII ? c == " " || c == "\t" : CharacterSet.whitespaces.contains(c)
    }
}
