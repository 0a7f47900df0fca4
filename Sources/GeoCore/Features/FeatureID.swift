/// A feature's identity across kinds: "poi/12", "water/3". Orders by kind, then row id.
public struct FeatureID: Hashable, Comparable, Sendable, CustomStringConvertible {
    public var kind: FeatureKind
    public var row: Int64

    public init(kind: FeatureKind, row: Int64) {
        self.kind = kind
        self.row = row
    }

    public init?(_ text: String) {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let kind = FeatureKind(rawValue: String(parts[0])), let row = Int64(parts[1]) else { return nil }
        self.init(kind: kind, row: row)
    }

    public var description: String { kind.rawValue + "/" + String(row) }

    public static func < (a: FeatureID, b: FeatureID) -> Bool { (a.kind, a.row) < (b.kind, b.row) }
}
