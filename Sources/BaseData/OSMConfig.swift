import Foundation
import GeoCore

/// The configuration GDAL's OSM driver reads (`OSM_CONFIG_FILE`): which tags arrive as fields of
/// their own (those the classification reads; the rest, names in other languages among them,
/// in `other_tags`) and which closed ways are areas. GDAL's own osmconf.ini omits `water` and
/// riverbanks from the areas, and most of these tags from the fields.
enum OSMConfig {
    static let text = """
        closed_ways_are_polygons=aeroway,amenity,boundary,building,craft,geological,historic,landuse,leisure,military,natural,office,place,shop,sport,tourism,water,waterway=riverbank,waterway=dock,highway=platform,public_transport=platform
        [points]
        osm_id=no
        attributes=name,place,population
        unsignificant=created_by,converted_by,source,time,ele,attribution
        ignore=created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME
        [lines]
        osm_id=no
        attributes=name,highway,railway,waterway,boundary,admin_level,natural
        ignore=created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME
        [multipolygons]
        osm_id=no
        attributes=name,type,building,natural,water,waterway,landuse,leisure,boundary,admin_level,place
        ignore=area,created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME
        [multilinestrings]
        osm_id=no
        attributes=name,type,waterway
        ignore=area,created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME
        [other_relations]
        osm_id=no
        attributes=name,type
        ignore=area,created_by,converted_by,source,time,ele,note,todo,openGeoDB:,fixme,FIXME

        """

    /// The configuration in a temporary file, its path: named for its content, so that every
    /// process of one Waymark shares one file (written atomically when missing) and none is left
    /// behind per run.
    static let path: String = {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("waymark-osmconf-\(String(FNV1a.hash(text.utf8), radix: 16)).ini")
        if !FileManager.default.fileExists(atPath: url.path) { try? text.write(to: url, atomically: true, encoding: .utf8) }
        return url.path
    }()
}
