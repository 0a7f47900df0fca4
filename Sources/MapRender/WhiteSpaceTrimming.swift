import Foundation

extension String {
    /// `trimmingCharacters(in: .whitespaces)`, which goes through NSString, for the strings that
    /// have white space at an end; the others are returned as they are (names, mostly).
    var trimmingWhiteSpace: String {
        guard let first = unicodeScalars.first, let last = unicodeScalars.last,
              CharacterSet.whitespaces.contains(first) || CharacterSet.whitespaces.contains(last) else { return self }
        return trimmingCharacters(in: .whitespaces)
    }
}
