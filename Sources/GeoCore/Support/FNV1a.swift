/// FNV-1a, 64 bits: the same bytes give the same number in every process and on every machine
/// (Swift's `Hasher` is seeded per process), for validators and ids that clients keep.
public enum FNV1a {
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }
}
