import CProj

/// The PROJ this process runs on, for `waymark --version`.
public enum PROJLibrary {
    public static var version: String { String(cString: proj_info().version) }
}
