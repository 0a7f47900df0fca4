/// The reference grid over a printed map: lettered columns (A, B, …) and numbered rows (1, 2, …),
/// so that the index can say where an object is ("C-4").
public struct ReferenceGrid: Sendable, Hashable {
    /// The map's frame on the page, in points.
    public var rect: PixelRect
    public var columns: Int, rows: Int

    public static func columnName(_ column: Int) -> String { String(UnicodeScalar(UInt8(65 + column))) }

    /// The cell holding page point `p` ("C-4"), or nil outside the map.
    public func cell(at p: (x: Double, y: Double)) -> String? {
        guard p.x >= rect.x, p.x < rect.maxX, p.y >= rect.y, p.y < rect.maxY else { return nil }
        let column = min(columns - 1, Int((p.x - rect.x) / (rect.width / Double(columns))))
        let row = min(rows - 1, Int((p.y - rect.y) / (rect.height / Double(rows))))
        return "\(Self.columnName(column))-\(row + 1)"
    }
}
