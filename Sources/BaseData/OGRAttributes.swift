import CGDAL
import Foundation
import GeoStore

/// A layer's fields as an import reads them: every field by its own name, its values typed as
/// the file types them (`VectorFeature.Value`), so that a number stays a number, a boolean a
/// boolean and a JSON field JSON, as in the GeoJSON the file may have been written from.
struct OGRAttributes {
    private let fields: [(name: String, type: OGRFieldType, subtype: OGRFieldSubType)]

    init(_ layer: OGRLayerH) {
        let definition = OGR_L_GetLayerDefn(layer)
        fields = (0..<OGR_FD_GetFieldCount(definition)).map { i in
            let field = OGR_FD_GetFieldDefn(definition, i)
            return (String(cString: OGR_Fld_GetNameRef(field)), OGR_Fld_GetType(field), OGR_Fld_GetSubType(field))
        }
    }

    /// The feature's set, non-null values; binary fields are left out.
    func values(of feature: OGRFeatureH) -> [(name: String, value: VectorFeature.Value)] {
        var values: [(name: String, value: VectorFeature.Value)] = []
        for (i, field) in fields.enumerated() {
            let i = Int32(i)
            guard OGR_F_IsFieldSetAndNotNull(feature, i) != 0 else { continue }
            let text = String(cString: OGR_F_GetFieldAsString(feature, i))
            let value: VectorFeature.Value
            switch field.type {
            case OFTInteger, OFTInteger64:
                value = field.subtype == OFSTBoolean ? .boolean(OGR_F_GetFieldAsInteger64(feature, i) != 0)
                    : .number(Double(OGR_F_GetFieldAsInteger64(feature, i)), literal: text)
            case OFTReal: value = .number(OGR_F_GetFieldAsDouble(feature, i), literal: text)
            case OFTString: value = field.subtype == OFSTJSON ? .json(text) : .text(text)
            case OFTDate, OFTTime, OFTDateTime: value = .text(Self.iso8601(feature, i, field.type))
            case OFTBinary: continue
            default: value = .text(text)
            }
            values.append((field.name, value))
        }
        return values
    }

    /// A date, time or date-time as ISO 8601 (`2024-05-18T05:30:00+02:00`), not as GDAL writes
    /// it (`2024/05/18 05:30:00+02`); without an offset when the file gives none (local time).
    private static func iso8601(_ feature: OGRFeatureH, _ i: Int32, _ type: OGRFieldType) -> String {
        var (year, month, day, hour, minute, zone): (Int32, Int32, Int32, Int32, Int32, Int32) = (0, 0, 0, 0, 0, 0)
        var second: Float = 0
        OGR_F_GetFieldAsDateTimeEx(feature, i, &year, &month, &day, &hour, &minute, &second, &zone)
        let date = String(format: "%04d-%02d-%02d", year, month, day)
        let seconds = second == second.rounded() ? String(format: "%02d", Int(second)) : String(format: "%06.3f", second)
        let time = String(format: "%02d:%02d:", hour, minute) + seconds
        // GDAL's zone flag: 0 unknown, 1 local, 100 UTC, 100 ± n: n quarter hours east or west.
        let offset: String
        switch zone {
        case 100: offset = "Z"
        case 2...: offset = (zone > 100 ? "+" : "-") + String(format: "%02d:%02d", abs(zone - 100) / 4, abs(zone - 100) % 4 * 15)
        default: offset = ""
        }
        switch type {
        case OFTDate: return date
        case OFTTime: return time
        default: return date + "T" + time + offset
        }
    }
}
