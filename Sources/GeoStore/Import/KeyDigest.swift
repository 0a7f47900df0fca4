/// A source key in 16 bytes, for telling keys apart without holding them: two SipHash values of
/// the key under the process's seed, kept apart by a leading byte. Within one process (one
/// import) equal keys have equal digests; n distinct keys share one with probability below
/// n²/2¹²⁹ (1.5·10⁻²⁷ for a million).
struct KeyDigest: Equatable {
    let high: UInt64
    let low: UInt64

    init(_ key: SourceKey) {
        func hash(_ domain: UInt8) -> UInt64 {
            var hasher = Hasher()
            hasher.combine(domain)
            hasher.combine(key)
            return UInt64(UInt(bitPattern: hasher.finalize()))
        }
        (high, low) = (hash(0), hash(1))
    }
}
