/// The reason given for a key that is not one of `known` (in a style or an atlas manifest): the
/// nearest known key when it looks like a typo, else the keys there are.
public enum UnknownKey {
    public static func reason(_ key: String, known: [String]) -> String {
        let nearest = known.map { ($0, distance($0, key)) }.min { $0.1 < $1.1 }
        if let nearest, nearest.1 <= max(2, key.count / 3) { return "unknown key; did you mean '\(nearest.0)'?" }
        return "unknown key (the keys here are: \(known.joined(separator: ", ")))"
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
