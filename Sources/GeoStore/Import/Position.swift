import GeoCore

/// Reading a position from two text fields (CSV columns, XML elements or attributes).
enum Position {
    /// Both fields empty → nil: the record has no location, which is allowed. One of them empty,
    /// not a number, not finite or out of range → an error naming that field.
    static func parse(lat: String?, lon: String?, latField: String = "lat", lonField: String = "lon") throws(GeoError) -> Coordinate? {
        let latText = lat?.trimmed ?? "", lonText = lon?.trimmed ?? ""
        if latText.isEmpty && lonText.isEmpty { return nil }
        func number(_ text: String, _ field: String, besides other: String) throws(GeoError) -> Double {
            guard !text.isEmpty else { throw .invalid(field: .record(field), reason: "missing while \(other) is given") }
            guard let value = DecimalNumber.parse(text) else { throw .invalid(field: .record(field), reason: "'\(text)' is not a number") }
            return value
        }
        let latValue = try number(latText, latField, besides: lonField)
        let lonValue = try number(lonText, lonField, besides: latField)
        return try validated(lat: latValue, lon: lonValue, latField: latField, lonField: lonField)
    }

    /// Reading a position from two optional numbers (a JSON object's `lat` and `lon`), with the
    /// same rules and errors as `parse(lat:lon:…)` for text.
    static func parse(lat: Double?, lon: Double?, latField: String, lonField: String) throws(GeoError) -> Coordinate? {
        switch (lat, lon) {
        case (nil, nil): return nil
        case let (lat?, lon?): return try validated(lat: lat, lon: lon, latField: latField, lonField: lonField)
        case (nil, _): throw .invalid(field: .record(latField), reason: "missing while \(lonField) is given")
        case (_, nil): throw .invalid(field: .record(lonField), reason: "missing while \(latField) is given")
        }
    }

    /// The coordinate of two numbers `parse` read, or the error naming the field out of range.
    static func validated(lat: Double, lon: Double, latField: String, lonField: String) throws(GeoError) -> Coordinate {
        do {
            return try Coordinate(validatingLat: lat, lon: lon)
        } catch let .invalid(field, reason) {
            // Coordinate names its fields lat/lon; report the caller's names for them.
            throw .invalid(field: .record(field == .lat ? latField : lonField), reason: reason)
        }
    }
}
