import BaseData
import GeoCore
import MapRender
import SpatiaLiteStore

/// What `waymark --version` says: this program's version and the libraries it runs on.
enum VersionText {
    static let waymark = "0.9.0"

    static var text: String {
        "waymark \(waymark)\n"
            + "SQLite \(SQLiteLibraries.sqlite), SpatiaLite \(SQLiteLibraries.spatiaLite), PROJ \(PROJLibrary.version), "
            + "Cairo \(CairoLibrary.version), GDAL \(GDALLibrary.version) (built for; \(GDALLibrary.file), loaded by the commands that read or write files through it)"
    }
}
