import Foundation

/// IANA zone names that are links to another zone (Europe/Kiev → Europe/Kyiv, Europe/Vatican →
/// Europe/Rome), from the system's time zone database, where Foundation reads its zones
/// (`$TZDIR`, else /usr/share/zoneinfo, file tzdata.zi): a record that gives the old name of its
/// zone gives the right zone. Without the file every name is its own zone.
public enum ZoneLinks {
    /// The zone `name` is a link to, else `name` itself.
    public static func canonical(_ name: String) -> String { links[name] ?? name }

    private static let links: [String: String] = {
        let folder = ProcessInfo.processInfo.environment["TZDIR"] ?? "/usr/share/zoneinfo"
        guard let text = try? String(contentsOfFile: folder + "/tzdata.zi", encoding: .utf8) else { return [:] }
        var links: [String: String] = [:]
        // "L TARGET LINK-NAME", one per line.
        for line in text.split(separator: "\n") where line.hasPrefix("L ") {
            let fields = line.split(separator: " ")
            if fields.count == 3 { links[String(fields[2])] = String(fields[1]) }
        }
        return links
    }()
}
