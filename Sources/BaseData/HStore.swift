/// The `other_tags` field of GDAL's OSM driver: the tags without a field of their own, in
/// PostgreSQL's hstore text (`"key"=>"value","key2"=>"value2"`, quotes and backslashes escaped
/// by a backslash).
enum HStore {
    static func parse(_ text: String) -> [String: String] {
        var pairs: [String: String] = [:]
        var strings: [String] = []
        var current = "", inString = false, escaped = false
        for ch in text {
            if inString {
                if escaped { current.append(ch); escaped = false }
                else if ch == "\\" { escaped = true }
                else if ch == "\"" { strings.append(current); current = ""; inString = false }
                else { current.append(ch) }
            } else if ch == "\"" {
                inString = true
            } else if ch == "," {
                if strings.count == 2 { pairs[strings[0]] = strings[1] }
                strings = []
            }
        }
        if strings.count == 2 { pairs[strings[0]] = strings[1] }
        return pairs
    }
}
