import GeoCore

/// `import --field name=NAZEV --field id=KOD --category eat`: which of a file's own fields hold
/// what a record reads, and one category for every place, for files whose fields are named
/// otherwise (a Shapefile's `NAZEV`, a GeoPackage's `poi_name`). A mapped field stands for our key
/// (`name`, `category`, `id`, `name:lv`, `population`…) and a field of the file named like that key
/// is then not read. Applies to GeoJSON, CSV and every format read through GDAL.
public struct FieldMapping: Sendable, Hashable {
    /// The file's field (lower case, as keys are matched) → our key.
    let renames: [String: String]
    /// Our keys a mapped field stands for.
    let mapped: Set<String>
    /// Every place's category, when given.
    public let category: String?

    public static let none = FieldMapping(renames: [:], category: nil)

    private init(renames: [String: String], category: String?) {
        (self.renames, mapped, self.category) = (renames, Set(renames.values), category)
    }

    /// `pairs` as typed (`name=NAZEV`), each checked: our key must be one a record reads, and the
    /// category a POI category's code.
    public init(parsing pairs: [String], category: String?) throws(GeoError) {
        var renames: [String: String] = [:]
        for pair in pairs {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).trimmed }
            guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
                throw .invalid(field: .fieldMapping, reason: "'\(pair)' is not KEY=FIELD (name=NAZEV)")
            }
            let (key, field) = (parts[0].lowercasedKey, parts[1].lowercasedKey)
            if case .ignored = Properties.Slot(key), !Self.positionKeys.contains(key) {
                throw .invalid(field: .fieldMapping, reason: "'\(parts[0])' is no key a record reads; use name, name:xx, category, id, description, address, "
                               + "phone, website, timezone, population, kind… (as in a GeoJSON feature's properties), or a CSV file's lat and lon")
            }
            if let other = renames.first(where: { $0.value == key })?.key {
                throw .invalid(field: .fieldMapping, reason: "'\(key)' is mapped twice (to '\(other)' and '\(field)')")
            }
            guard renames[field] == nil else { throw .invalid(field: .fieldMapping, reason: "the field '\(parts[1])' is mapped twice") }
            renames[field] = key
        }
        if let category {
            let code = category.trimmed.lowercasedKey
            guard !code.isEmpty else { throw .invalid(field: .category, reason: "empty") }
            guard FeatureKind(rawValue: code)?.impliedCategory == nil else {
                throw .invalid(field: .category, reason: "'\(code)' names a kind, not a POI category; import the file with \(Field.kind) \(code)")
            }
            self.init(renames: renames, category: code)
        } else {
            self.init(renames: renames, category: nil)
        }
    }

    /// A CSV file's position columns, which a mapping may name too.
    static let positionKeys: Set<String> = ["lat", "lon"]

    /// The key a file's field is read as (lower case): its mapped key, nil for a field named like
    /// a mapped key (the mapped field stands for it), else itself.
    func key(_ field: String) -> String? {
        let normal = field.trimmed.lowercasedKey
        if let key = renames[normal] { return key }
        return mapped.contains(normal) ? nil : normal
    }

    var renamesNothing: Bool { renames.isEmpty }
}
