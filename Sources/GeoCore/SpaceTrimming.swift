import Foundation

extension String {
    /// Without leading and trailing spaces and tabs (`CharacterSet.whitespaces`); Foundation's
    /// trimming, which goes through NSString and costs microseconds, only when there are any
    /// (names and parameters mostly have none).
    public var trimmedOfSpaces: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
              CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
