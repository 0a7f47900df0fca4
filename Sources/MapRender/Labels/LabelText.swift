import GeoCore

/// The text a map writes for a name. OpenStreetMap gives several values of a tag separated by
/// ';' ("Äiti ja lapset;Kaksi lasta", one sculpture's two names): a label shows the first that is
/// not blank, as a label has little room; answers, lists and popups keep the whole name. A
/// line break in a name becomes a space: a label breaks lines only where `LabelLines` chose to.
enum LabelText {
    static func of(_ name: String?) -> String? {
        guard let name else { return nil }
        // Most names are one value, with nothing to trim or join: the name itself, not a copy
        // (a tile reads thousands).
        // Read as one buffer of bytes: stepping through `utf8` as a sequence cost more than the rest.
        if name.utf8.withContiguousStorageIfAvailable(isPlain) ?? Array(name.utf8).withUnsafeBufferPointer(isPlain) {
            return name
        }
        // Else without an array of parts where there is one value.
        guard name.utf8.contains(UInt8(ascii: ";")) else {
            let text = oneLine(name.trimmedOfSpaces)
            return text.isEmpty ? nil : text
        }
        return name.split(separator: ";").lazy.map { oneLine(String($0).trimmedOfSpaces) }.first { !$0.isEmpty }
    }

    /// Whether a name's bytes are a label as they are: printable ASCII at both ends (no space to
    /// trim), no ';' and no line break.
    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, (0x21...0x7E).contains(first), (0x21...0x7E).contains(last) else { return false }
        for byte in bytes where byte == UInt8(ascii: ";") || (0x0A...0x0D).contains(byte) { return false }
        return true
    }

    /// `text` with its line breaks (LF, VT, FF, CR) as spaces.
    private static func oneLine(_ text: String) -> String {
        guard text.utf8.contains(where: { (0x0A...0x0D).contains($0) }) else { return text }
        return text.split(whereSeparator: \.isNewline).map { String($0).trimmedOfSpaces }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
