/// One JSON value read whole (a GeoJSON feature, a member of one).
enum JSONValue {
    case null
    case bool(Bool)
    /// The number and its text as written.
    case number(Double, literal: String)
    case string(String)
    case array([JSONValue])
    /// The members in the order written; of a key given twice the last counts, as in Foundation.
    case object([(key: String, value: JSONValue)])

    /// The member `key` of an object; nil when this is not an object or it has no such member.
    subscript(_ key: String) -> JSONValue? {
        guard case let .object(members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    var string: String? { if case let .string(s) = self { s } else { nil } }
    var number: Double? { if case let .number(n, _) = self { n } else { nil } }
    var isNull: Bool { if case .null = self { true } else { false } }

    /// A scalar as text: a string itself, a number as Foundation writes it (an integer as
    /// written, anything else as Double's description), `true`, `false`, `null`; nil for arrays and objects.
    var text: String? {
        switch self {
        case let .string(s): s
        case let .number(n, literal): literal.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) } ? literal : "\(n)"
        case let .bool(b): b ? "true" : "false"
        case .null: "null"
        case .array, .object: nil
        }
    }

    /// What the value is, as a problem says it: "a number", "an array"…
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "text"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// `text`, or `[…]` / `{…}` for an array or object: the value as a problem quotes it.
    var shown: String {
        if let text { return text }
        if case .array = self { return "[…]" }
        return "{…}"
    }
}
