/// Whether `bytes` are well-formed UTF-8 (Unicode's table 3-7: no overlong forms, surrogates or
/// code points past U+10FFFF), which is when `String(data:encoding: .utf8)` is not nil; without
/// making that string.
func isValidUTF8(_ bytes: UnsafeRawBufferPointer) -> Bool {
    let n = bytes.count
    var i = 0
    while i < n {
        // Eight ASCII bytes at a time.
        while i + 8 <= n, bytes.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 { i += 8 }
        guard i < n else { break }
        let b = bytes[i]
        if b < 0x80 { i += 1; continue }
        func continuation(_ k: Int, _ range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool { i + k < n && range.contains(bytes[i + k]) }
        switch b {
        case 0xC2...0xDF:
            guard continuation(1) else { return false }
            i += 2
        case 0xE0...0xEF:
            let second: ClosedRange<UInt8> = b == 0xE0 ? 0xA0...0xBF : b == 0xED ? 0x80...0x9F : 0x80...0xBF
            guard continuation(1, second), continuation(2) else { return false }
            i += 3
        case 0xF0...0xF4:
            let second: ClosedRange<UInt8> = b == 0xF0 ? 0x90...0xBF : b == 0xF4 ? 0x80...0x8F : 0x80...0xBF
            guard continuation(1, second), continuation(2), continuation(3) else { return false }
            i += 4
        default:
            return false
        }
    }
    return true
}
