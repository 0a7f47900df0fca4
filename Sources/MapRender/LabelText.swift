import GeoCore

/// The text a map writes for a name. OpenStreetMap gives several values of a tag separated by
/// ';' ("Äiti ja lapset;Kaksi lasta", one sculpture's two names): a label shows the first that is
/// not blank, as a label has little room; answers, lists and popups keep the whole name.
enum LabelText {
    static func of(_ name: String?) -> String? {
        guard let name else { return nil }
        // Most names have one value: no array of parts to make (a tile reads thousands of names).
        guard name.utf8.contains(UInt8(ascii: ";")) else {
            let trimmed = name.trimmedOfSpaces
            return trimmed.isEmpty ? nil : trimmed
        }
        return name.split(separator: ";").lazy.map { String($0).trimmedOfSpaces }.first { !$0.isEmpty }
    }
}
