import Foundation

/// The kinds of file a map is drawn to, all from the same drawing code.
public enum ImageFormat: String, CaseIterable, Sendable {
    case png, pdf, svg

    /// The format a file name asks for, by its extension.
    public init?(path: String) {
        self.init(rawValue: URL(fileURLWithPath: path).pathExtension.lowercased())
    }
}
