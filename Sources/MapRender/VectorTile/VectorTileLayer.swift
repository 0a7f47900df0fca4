/// One layer of a Mapbox Vector Tile (2.1): features in tile units (0…extent across the tile, y
/// down; a feature may reach into the buffer beyond), their properties as indexes into the
/// layer's tables of keys and values, each key and value stored once.
struct VectorTileLayer {
    enum Value: Hashable {
        case string(String), int(Int), double(Double), bool(Bool)
    }

    struct Feature {
        /// Stable across tiles and requests (a client keeps per-feature state by it); nil: none.
        var id: UInt64?
        var geometry: VectorTileGeometry
        var properties: [(key: String, value: Value)]

        init(id: UInt64?, geometry: VectorTileGeometry, properties: [(key: String, value: Value)]) {
            (self.id, self.geometry, self.properties) = (id, geometry, properties)
        }

        init(id: UInt64, point: (x: Int, y: Int), properties: [(key: String, value: Value)]) {
            self.init(id: id, geometry: .points([point]), properties: properties)
        }
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
                    if let id = f.id { feature.uint(1, id) }
                    feature.packed(2, tags)
                    feature.uint(3, f.geometry.type)
                    feature.packed(4, f.geometry.commands)
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
