import Foundation

/// The fonts a MapLibre map of a style asks Waymark for by name (its `text-font` stacks): the
/// family the PNG maps draw all text in (`labels.font_family`), and its bold (place names, counts).
public enum MapLibreFonts {
    public static func regular(_ style: MapStyle) -> String { style.labels.fontFamily }
    public static func bold(_ style: MapStyle) -> String { style.labels.fontFamily + " Bold" }

    /// The face of a fontstack as MapLibre writes it in a glyph URL (names joined by commas): the
    /// first name that is one of the style's fonts; nil when none is.
    public static func face(of stack: String, style: MapStyle) -> (family: String, bold: Bool)? {
        for name in stack.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
            if name == regular(style) { return (style.labels.fontFamily, false) }
            if name == bold(style) { return (style.labels.fontFamily, true) }
        }
        return nil
    }
}
