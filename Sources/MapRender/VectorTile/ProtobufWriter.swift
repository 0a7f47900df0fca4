/// Protocol Buffers' wire format, as far as a vector tile needs it: varints, zigzag integers,
/// strings and nested messages, and packed repeated varints.
struct ProtobufWriter {
    private(set) var bytes: [UInt8] = []

    private enum WireType: UInt64 {
        case varint = 0, fixed64 = 1, lengthDelimited = 2
    }

    mutating func varint(_ value: UInt64) {
        var v = value
        while v >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: v) | 0x80)
            v >>= 7
        }
        bytes.append(UInt8(v))
    }

    /// Signed integers as the spec's zigzag: small magnitudes of either sign stay small.
    static func zigzag(_ value: Int64) -> UInt64 {
        UInt64(bitPattern: (value << 1) ^ (value >> 63))
    }

    private mutating func key(_ field: Int, _ type: WireType) {
        varint(UInt64(field) << 3 | type.rawValue)
    }

    mutating func uint(_ field: Int, _ value: UInt64) {
        key(field, .varint)
        varint(value)
    }

    mutating func sint(_ field: Int, _ value: Int64) {
        uint(field, Self.zigzag(value))
    }

    mutating func bool(_ field: Int, _ value: Bool) {
        uint(field, value ? 1 : 0)
    }

    mutating func double(_ field: Int, _ value: Double) {
        key(field, .fixed64)
        withUnsafeBytes(of: value.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func bytes(_ field: Int, _ value: some Collection<UInt8>) {
        key(field, .lengthDelimited)
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    mutating func string(_ field: Int, _ value: String) {
        bytes(field, value.utf8)
    }

    mutating func message(_ field: Int, _ build: (inout ProtobufWriter) -> Void) {
        var inner = ProtobufWriter()
        build(&inner)
        bytes(field, inner.bytes)
    }

    mutating func packed(_ field: Int, _ values: [UInt32]) {
        var inner = ProtobufWriter()
        for v in values { inner.varint(UInt64(v)) }
        bytes(field, inner.bytes)
    }
}
