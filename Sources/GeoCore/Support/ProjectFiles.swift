import Foundation

/// Finds the package's top-level folders (Data/, Styles/) at run time, wherever the program runs:
/// from the source tree (`swift run`, `swift test`), from a copied build, or with the folder
/// named explicitly by an environment variable.
public enum ProjectFiles {
    /// The folder `name` that holds the file `marker`, from the first place that has one:
    ///
    /// 1. `$<environment>`, the folder itself (e.g. `WAYMARK_STYLES=/srv/waymark/Styles`);
    /// 2. `<working directory>/<name>`;
    /// 3. `<dir>/<name>` for the program's folder and up to four folders above it
    ///    (`.build/<triple>/<config>/waymark` → the package root);
    /// 4. `<package root>/<name>`, the source tree this file was compiled from (`#filePath`).
    ///
    /// An empty `marker` accepts any existing folder of that name. Nil when none is found.
    public static func directory(_ name: String, containing marker: String, environment: String) -> URL? {
        directory(name, containing: marker, environment: environment, variables: ProcessInfo.processInfo.environment)
    }

    /// As above, reading the environment variable from `variables` (tests need not set the process's).
    static func directory(_ name: String, containing marker: String, environment: String,
                          variables: [String: String]) -> URL? {
        candidates(name, environment: environment, variables: variables).first { holds($0, marker) }
    }

    static func candidates(_ name: String, environment: String, variables: [String: String]) -> [URL] {
        var candidates: [URL] = []
        if let explicit = variables[environment], !explicit.isEmpty {
            candidates.append(URL(fileURLWithPath: explicit))
        }
        candidates.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent(name))
        for program in programs {
            var dir = program.deletingLastPathComponent()
            for _ in 0...4 {
                candidates.append(dir.appendingPathComponent(name))
                guard dir.path != "/" else { break }
                dir.deleteLastPathComponent()
            }
        }
        // Sources/<module>/Support/ProjectFiles.swift → the package root.
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(name))
        var seen = Set<String>()
        return candidates.map(\.standardizedFileURL).filter { seen.insert($0.path).inserted }
    }

    /// The executable the kernel started (`/proc/self/exe` on Linux).
    public static var program: URL? { Bundle.main.executableURL?.resolvingSymlinksInPath() }

    /// The running program, and `argv[0]` resolved through symbolic links (they differ when the
    /// program is started through a symlink).
    private static var programs: [URL] {
        var programs: [URL] = []
        if let program { programs.append(program) }
        if let first = CommandLine.arguments.first, first.contains("/") {
            programs.append(URL(fileURLWithPath: first).resolvingSymlinksInPath())
        }
        return programs
    }

    private static func holds(_ directory: URL, _ marker: String) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return false
        }
        return marker.isEmpty || FileManager.default.fileExists(atPath: directory.appendingPathComponent(marker).path)
    }
}
