/// The text a map writes for a name. OpenStreetMap gives several values of a tag separated by
/// ';' ("Äiti ja lapset;Kaksi lasta", one sculpture's two names): a label shows the first, as a
/// label has little room; answers, lists and popups keep the whole name.
enum LabelText {
    static func of(_ name: String?) -> String? {
        guard var text = name else { return nil }
        if let cut = text.firstIndex(of: ";") { text = String(text[..<cut]) }
        text = text.trimmingWhiteSpace
        return text.isEmpty ? nil : text
    }
}
