import CGDAL

/// The GDAL this build calls, for `waymark --version`: the version of the headers it was compiled
/// against and the library file it loads on first use; saying it does not load it.
public enum GDALLibrary {
    public static let version = GDAL_RELEASE_NAME
    public static var file: String { String(cString: waymark_gdal_library()) }
}
