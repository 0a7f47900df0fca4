import CCairo

/// The Cairo this process runs on, for `waymark --version`.
public enum CairoLibrary {
    public static var version: String { String(cString: cairo_version_string()) }
}
