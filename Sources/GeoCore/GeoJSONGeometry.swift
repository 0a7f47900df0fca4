/// RFC 7946 geometry objects: `{"type": …, "coordinates": …}` with positions as [lon, lat].
extension Geometry: Encodable {
    private enum Keys: String, CodingKey { case type, coordinates }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(typeName, forKey: .type)
        func position(_ c: Coordinate) -> [Double] { [c.lon, c.lat] }
        switch self {
        case let .point(c): try container.encode(position(c), forKey: .coordinates)
        case let .lineString(cs), let .multiPoint(cs): try container.encode(cs.map(position), forKey: .coordinates)
        case let .polygon(rs), let .multiLineString(rs): try container.encode(rs.map { $0.map(position) }, forKey: .coordinates)
        case let .multiPolygon(ps): try container.encode(ps.map { $0.map { $0.map(position) } }, forKey: .coordinates)
        }
    }
}
