import Foundation
import GeoCore

extension MapStyle {
    /// The environment variable that names the styles folder.
    public static let directoryEnvironment = "WAYMARK_STYLES"

    /// The top-level Styles/ folder: `$WAYMARK_STYLES`, the working directory, upward from the
    /// program, or the source tree it was built in (the folder must hold default.json).
    public static func stylesDirectory() -> URL? {
        ProjectFiles.directory("Styles", containing: "default.json", environment: directoryEnvironment)
    }

    /// The names of the styles in the Styles/ folder ("default", "print", …), sorted.
    public static func availableNames() -> [String] {
        guard let directory = stylesDirectory(),
              let files = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }

    /// The style `<Styles>/<name>.json`: "default" for screen maps, "print" for printable maps.
    public static func named(_ name: String) throws(StyleError) -> MapStyle {
        let base = name.hasSuffix(".json") ? String(name.dropLast(5)) : name
        guard !base.isEmpty, !base.contains("/"), !base.hasPrefix(".") else {
            throw StyleError(file: name, reason: "not a style name; give a name such as default or print, or a style file's path")
        }
        guard let directory = stylesDirectory() else {
            throw StyleError(file: "Styles/", reason: "no Styles/ folder found; set $\(directoryEnvironment) to the folder that holds default.json")
        }
        let url = directory.appendingPathComponent(base + ".json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw StyleError(file: displayPath(url),
                             reason: "no style named '\(base)'; the styles are: \(availableNames().joined(separator: ", "))")
        }
        return try load(from: url)
    }

    /// A style by name (default, print) or, given a path ending in .json, from that file.
    public static func named(orFile nameOrPath: String) throws(StyleError) -> MapStyle {
        nameOrPath.hasSuffix(".json") ? try load(from: URL(fileURLWithPath: nameOrPath)) : try named(nameOrPath)
    }

    /// Reads and checks a style file.
    public static func load(from url: URL) throws(StyleError) -> MapStyle {
        let file = displayPath(url)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw StyleError(file: file, reason: "no such file")
        }
        guard !isDirectory.boolValue else { throw StyleError(file: file, reason: "is a directory, not a style file") }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw StyleError(file: file, reason: "cannot read: \(error.localizedDescription)")
        }
        return try decode(data, file: file)
    }

    /// Parses and checks a style from JSON; `file` names it in errors.
    public static func decode(_ data: Data, file: String) throws(StyleError) -> MapStyle {
        do {
            return try JSONDecoder().decode(MapStyle.self, from: data)
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty, let problem = syntaxProblem(data) {
                throw StyleError(file: file, reason: "not valid JSON: \(problem)")
            }
            throw StyleError(error, file: file)
        } catch {
            throw StyleError(file: file, reason: "\(error)")
        }
    }

    /// What is wrong with `data` as JSON, with the line and column, or nil when it parses.
    /// (JSONDecoder says only "The given data was not valid JSON.")
    static func syntaxProblem(_ data: Data) -> String? {
        guard !data.allSatisfy({ [9, 10, 13, 32].contains($0) }) else { return "the file is empty" }
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            return nil
        } catch {
            var message = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let range = message.range(of: #"around character [0-9]+"#, options: .regularExpression),
               let offset = Int(message[range].split(separator: " ").last ?? "") {
                let prefix = data.prefix(max(0, min(offset, data.count)))
                let line = prefix.reduce(1) { $1 == 10 ? $0 + 1 : $0 }
                let lineStart = prefix.lastIndex(of: 10).map { $0 + 1 } ?? prefix.startIndex
                let column = String(decoding: prefix[lineStart...], as: UTF8.self).count + 1
                message.replaceSubrange(range, with: "at line \(line), column \(column)")
            }
            if message.hasSuffix(".") { message.removeLast() }
            return message.prefix(1).lowercased() + message.dropFirst()
        }
    }

    /// A path relative to the working directory when the file is inside it, else the full path.
    static func displayPath(_ url: URL) -> String {
        let path = url.standardizedFileURL.path
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL.path
        let prefix = cwd.hasSuffix("/") ? cwd : cwd + "/"
        return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
    }
}
