/// Cell → number, by open addressing with a cheap hash: placement looks cells up tens of
/// thousands of times per image, where a Dictionary's SipHash cost more than the rest.
struct CellTable {
    private var keys: [ClusterGrid.Cell?]
    private var values: [Int]
    private var count = 0
    private var mask: Int

    init(capacity: Int) {
        var size = 16
        while size < capacity * 2 { size *= 2 }
        keys = Array(repeating: nil, count: size)
        values = Array(repeating: 0, count: size)
        mask = size - 1
    }

    private func slot(_ c: ClusterGrid.Cell) -> Int {
        var h = UInt64(bitPattern: Int64(c.row)) &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(bitPattern: Int64(c.column)) &* 0xC2B2_AE3D_27D4_EB4F
        h ^= h >> 29
        return Int(truncatingIfNeeded: h) & mask
    }

    func number(of c: ClusterGrid.Cell) -> Int? {
        var i = slot(c)
        while let key = keys[i] {
            if key == c { return values[i] }
            i = (i + 1) & mask
        }
        return nil
    }

    mutating func insert(_ c: ClusterGrid.Cell, number: Int) {
        if (count + 1) * 2 > keys.count { grow() }
        var i = slot(c)
        while keys[i] != nil { i = (i + 1) & mask }
        keys[i] = c
        values[i] = number
        count += 1
    }

    private mutating func grow() {
        let old = zip(keys, values).compactMap { k, v in k.map { ($0, v) } }
        keys = Array(repeating: nil, count: keys.count * 2)
        values = Array(repeating: 0, count: keys.count)
        mask = keys.count - 1
        count = 0
        for (k, v) in old { insert(k, number: v) }
    }
}
