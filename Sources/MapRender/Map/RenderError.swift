import Foundation

/// Why a map cannot be drawn, as "field: reason" when a field of the request is to blame.
public struct RenderError: Error, CustomStringConvertible, Sendable {
    public let description: String

    /// The field the message starts with ("crs", "bbox", "size"…), for callers that name it their own way.
    public var field: String? {
        let head = description.prefix { $0 != ":" }
        return head.count < description.count && !head.contains(" ") ? String(head) : nil
    }

    /// The message without its field.
    public var reason: String {
        field.map { String(description.dropFirst($0.count + 1)).trimmingCharacters(in: .whitespaces) } ?? description
    }
}
