import Synchronization

/// How far texts advance in a font, as Cairo measured them, kept for the life of the process (up
/// to `capacity` of them): a tile server measures the same names for every tile around them, and
/// Cairo shapes a text anew at each measurement. By font, size, device scale and format, which
/// are all that a measurement depends on (`Canvas` sets no hinting).
enum TextAdvances {
    struct Key: Hashable {
        let font: String, size: Double, scale: Double, format: ImageFormat, text: String

        /// By the text alone: a process draws in a few fonts and sizes, not worth hashing (equal
        /// keys still agree in every field).
        func hash(into hasher: inout Hasher) { hasher.combine(text) }
    }

    static let capacity = 20_000
    private static let known = Mutex<[Key: Double]>([:])

    static func advance(_ key: Key, measure: () -> Double) -> Double {
        if let advance = known.withLock({ $0[key] }) { return advance }
        let advance = measure()
        known.withLock { known in
            if known.count >= capacity { known.removeAll(keepingCapacity: true) }
            known[key] = advance
        }
        return advance
    }
}
