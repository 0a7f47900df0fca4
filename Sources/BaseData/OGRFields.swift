import CGDAL

/// The fields of one OGR layer by lower-cased name (Natural Earth spells them `NAME` in one file
/// and `name` in the next), and names by language: `name_xx` fields (Natural Earth) or, in
/// OpenStreetMap's `other_tags`, `name:xx` tags.
struct OGRFields {
    let index: [String: Int32]
    /// `name_xx` fields: language code → field index.
    let languages: [(String, Int32)]

    init(_ layer: OGRLayerH) {
        let definition = OGR_L_GetLayerDefn(layer)
        var index: [String: Int32] = [:]
        var languages: [(String, Int32)] = []
        for i in 0..<OGR_FD_GetFieldCount(definition) {
            let name = String(cString: OGR_Fld_GetNameRef(OGR_FD_GetFieldDefn(definition, i))).lowercased()
            if index[name] == nil { index[name] = i }
            if name.hasPrefix("name_"), name.count == 7, name.dropFirst(5).allSatisfy({ $0.isASCII && $0.isLetter }) {
                languages.append((String(name.dropFirst(5)), i))
            }
        }
        (self.index, self.languages) = (index, languages)
    }

    /// The value of a field, nil when it is unset, null or empty.
    static func value(_ feature: OGRFeatureH, _ i: Int32) -> String? {
        guard OGR_F_IsFieldSetAndNotNull(feature, i) != 0, let text = OGR_F_GetFieldAsString(feature, i), text.pointee != 0 else { return nil }
        return String(cString: text)
    }

    func value(_ feature: OGRFeatureH, _ name: String) -> String? {
        index[name].flatMap { Self.value(feature, $0) }
    }
}
