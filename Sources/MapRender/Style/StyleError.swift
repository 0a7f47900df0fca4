/// A style file that cannot be used: the file, the key path in it (empty when the problem is the
/// whole file) and why, e.g. `Styles/x.json: categories.eat.color: '#12' is not a colour #RRGGBB or #RRGGBBAA`.
public struct StyleError: Error, CustomStringConvertible, Sendable, Equatable {
    public var file: String
    public var keyPath: String
    public var reason: String

    public init(file: String, keyPath: String = "", reason: String) {
        self.file = file
        self.keyPath = keyPath
        self.reason = reason
    }

    public var description: String {
        keyPath.isEmpty ? "\(file): \(reason)" : "\(file): \(keyPath): \(reason)"
    }
}

extension StyleError {
    /// The decoder's error, said with the key path of the style file.
    init(_ error: DecodingError, file: String) {
        func path(_ keys: [any CodingKey]) -> String {
            keys.reduce(into: "") { path, key in
                if let index = key.intValue { path += "[\(index)]" } else { path += path.isEmpty ? key.stringValue : "." + key.stringValue }
            }
        }
        switch error {
        case .keyNotFound(let key, let context):
            self.init(file: file, keyPath: path(context.codingPath + [key]), reason: "missing (a required key)")
        case .typeMismatch(let type, let context):
            let reason = context.codingPath.isEmpty ? "a style is a JSON object" : "expected \(Self.kind(type))"
            self.init(file: file, keyPath: path(context.codingPath), reason: reason)
        case .valueNotFound(let type, let context):
            self.init(file: file, keyPath: path(context.codingPath), reason: "is null; expected \(Self.kind(type))")
        case .dataCorrupted(let context):
            self.init(file: file, keyPath: path(context.codingPath), reason: context.debugDescription)
        @unknown default:
            self.init(file: file, reason: "\(error)")
        }
    }

    private static func kind(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type, is Int.Type: return "a number"
        case is String.Type: return "a string"
        case is [Double].Type: return "an array of numbers"
        case is [String].Type: return "an array of strings"
        default:
            let name = "\(type)"
            if name.hasPrefix("Dictionary") || name.hasPrefix("[") && name.contains(":") { return "an object" }
            if name.hasPrefix("Array") || name.hasPrefix("[") { return "an array" }
            return "an object"
        }
    }
}
