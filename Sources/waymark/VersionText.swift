import BaseData
import GeoCore
import MapRender
import SpatiaLiteStore

/// What `waymark --version` says: this program's version and the libraries it runs on.
enum VersionText {
    static let waymark = "0.9.0"

    /// The whole text when the command line asks for it, else the number alone: naming the
    /// libraries loads SpatiaLite and PROJ, which a command that does not use them never maps.
    static var forThisRun: String { CommandLine.arguments.dropFirst().contains("--version") ? text : waymark }

    static var text: String {
        "waymark \(waymark)\n"
            + "SQLite \(SQLiteLibraries.sqlite), SpatiaLite \(SQLiteLibraries.spatiaLite), PROJ \(PROJLibrary.version), "
            + "Cairo \(CairoLibrary.version), GDAL \(GDALLibrary.version) (built for; \(GDALLibrary.file), loaded by the commands that read or write files through it)"
    }
}
