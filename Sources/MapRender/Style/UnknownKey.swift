/// The reason given for a key that is not one of `known` (in a style or an atlas manifest, or a
/// command's option): the nearest known key when it looks like a typo, else the keys there are.
public enum UnknownKey {
    public static func reason(_ key: String, known: [String]) -> String {
        if let nearest = nearest(key, in: known) { return "unknown key; did you mean '\(nearest)'?" }
        return "unknown key (the keys here are: \(known.joined(separator: ", ")))"
    }

    /// The known key nearest `key` when it looks like a typo of it, else nil.
    public static func nearest(_ key: String, in known: [String]) -> String? {
        let nearest = known.map { ($0, distance($0, key)) }.min { $0.1 < $1.1 }
        return nearest.flatMap { $0.1 <= max(2, key.count / 3) ? $0.0 : nil }
    }

    /// Levenshtein distance.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var diagonal = row[0]
            row[0] = i
            for j in 1...b.count {
                let above = row[j]
                row[j] = min(above + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1))
                diagonal = above
            }
        }
        return row[b.count]
    }
}
