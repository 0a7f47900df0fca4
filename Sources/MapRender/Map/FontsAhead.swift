import Foundation

extension MapRenderer {
    /// Finds and opens `style`'s fonts on a thread of their own while the caller does other work
    /// (opens its database, fetches): fontconfig's first match and FreeType's first face cost a
    /// one-shot `waymark render` about 3 ms before its first label could be measured.
    public static func openFontsAhead(_ style: MapStyle) {
        let family = style.labels.fontFamily, size = style.labels.fontSize
        Thread.detachNewThread {
            guard let canvas = try? Canvas(format: .png, width: 1, height: 1) else { return }
            for bold in [false, true] {
                canvas.setFont(family, size: size, bold: bold)
                _ = canvas.textBox("Ag")
            }
        }
    }
}
