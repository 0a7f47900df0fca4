/// One layer of a Mapbox Vector Tile (2.1): point features in tile units (0…extent across the
/// tile, y down; a feature may stand in the buffer beyond), their properties as indexes into the
/// layer's tables of keys and values, each key and value stored once.
struct VectorTileLayer {
    enum Value: Hashable {
        case string(String), int(Int), double(Double), bool(Bool)
    }

    struct Feature {
        /// Stable across tiles and requests (a client keeps per-feature state by it).
        var id: UInt64
        var point: (x: Int, y: Int)
        var properties: [(key: String, value: Value)]
    }

    let name: String
    let extent: Int
    var features: [Feature] = []

    init(name: String, extent: Int) {
        (self.name, self.extent) = (name, extent)
    }

    /// The layer as field 3 of a `Tile` message.
    func encode(into tile: inout ProtobufWriter) {
        var keys: [String: Int] = [:], keyList: [String] = []
        var values: [Value: Int] = [:], valueList: [Value] = []
        func index<T: Hashable>(_ item: T, _ table: inout [T: Int], _ list: inout [T]) -> UInt32 {
            if let i = table[item] { return UInt32(i) }
            table[item] = list.count
            list.append(item)
            return UInt32(list.count - 1)
        }
        tile.message(3) { layer in
            layer.uint(15, 2)  // version
            layer.string(1, name)
            for f in features {
                var tags: [UInt32] = []
                for (key, value) in f.properties {
                    tags.append(index(key, &keys, &keyList))
                    tags.append(index(value, &values, &valueList))
                }
                layer.message(2) { feature in
                    feature.uint(1, f.id)
                    feature.packed(2, tags)
                    feature.uint(3, 1)  // POINT
                    // One MoveTo (command 1, count 1), then the point as zigzag deltas from (0, 0).
                    feature.packed(4, [1 | 1 << 3, UInt32(ProtobufWriter.zigzag(Int64(f.point.x))),
                                       UInt32(ProtobufWriter.zigzag(Int64(f.point.y)))])
                }
            }
            for key in keyList { layer.string(3, key) }
            for value in valueList {
                layer.message(4) { v in
                    switch value {
                    case let .string(s): v.string(1, s)
                    case let .double(d): v.double(3, d)
                    case let .int(i): v.sint(6, Int64(i))
                    case let .bool(b): v.bool(7, b)
                    }
                }
            }
            layer.uint(5, UInt64(extent))
        }
    }
}
