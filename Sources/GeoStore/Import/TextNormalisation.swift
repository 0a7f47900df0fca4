import Foundation

/// The forms of a text the parsers store and compare.
extension String {
    /// Without leading and trailing white space and line breaks, as `trimmingCharacters(in:
    /// .whitespacesAndNewlines)`. That is slow on Linux, so ASCII white space is stripped here and
    /// Foundation asked only when the text then starts or ends with anything but printable ASCII.
    var trimmed: String {
        let utf8 = self.utf8
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || (0x09...0x0D).contains(b) }
        func isPrintable(_ b: UInt8) -> Bool { (0x21...0x7E).contains(b) }
        let plain = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count > 0 && isPrintable(bytes[0]) && isPrintable(bytes[bytes.count - 1])
        }
        if plain == true { return self }
        var start = utf8.startIndex, end = utf8.endIndex
        while start < end, isSpace(utf8[start]) { utf8.formIndex(after: &start) }
        while start < end, isSpace(utf8[utf8.index(before: end)]) { utf8.formIndex(before: &end) }
        if start == end { return "" }
        guard isPrintable(utf8[start]), isPrintable(utf8[utf8.index(before: end)]) else {
            return trimmingCharacters(in: .whitespacesAndNewlines)
        }
        if start == utf8.startIndex && end == utf8.endIndex { return self }
        return String(decoding: utf8[start..<end], as: UTF8.self)
    }

    /// Lower case, as `lowercased()`, without making a new string when the text has no upper case ASCII
    /// and no non-ASCII.
    var lowercasedKey: String {
        utf8.allSatisfy({ $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) ? self : lowercased()
    }

    /// The trimmed text, or nil when nothing is left.
    var nonEmpty: String? {
        let t = trimmed
        return t.isEmpty ? nil : t
    }

    /// For matching names typed in different ways: case and diacritics ignored ("Ko darīt" ~ "ko darit").
    var folded: String { trimmed.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil) }
}
