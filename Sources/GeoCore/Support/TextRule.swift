/// Which characters a text given to Waymark may hold: the one rule for an imported record's texts
/// and the server's parameters.
public enum TextRule: Sendable {
    /// A record's text (a name, a description): line breaks and tabs are its own, but never a NUL,
    /// which would cut it short where it is stored (SQLite keeps text up to its first NUL).
    case stored
    /// A text given on one line (a query parameter: a word, a code, a search): no control
    /// character at all (U+0000–U+001F, U+007F–U+009F), which no name or code holds and which
    /// would go on into logs, cache keys and answers as it came.
    case line

    /// Why `text` breaks the rule, naming the first character at fault; nil when it keeps it.
    public func refusal(_ text: String) -> Reason? {
        // Bytes first: a control character is a byte below 0x20, 0x7F, or (C1) 0xC2 then 0x80–0x9F.
        switch self {
        case .stored:
            guard text.utf8.contains(0) else { return nil }
            return "contains a NUL character (U+0000), which text may not hold"
        case .line:
            guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }),
                  let fault = text.unicodeScalars.first(where: { $0.properties.generalCategory == .control }) else { return nil }
            let code = String(fault.value, radix: 16, uppercase: true)
            return "contains a control character (U+\(String(repeating: "0", count: 4 - code.count) + code)), which a parameter may not hold"
        }
    }
}
