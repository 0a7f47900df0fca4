import ArgumentParser
import Foundation
import MapRender

/// The first option of a failed command line that its command does not have, with the nearest one
/// it has. ArgumentParser looks for unknown options only once the known ones have decoded, so a
/// misspelt required option was reported as the one missing (`nearest --lattitude 57.5` as
/// "Missing expected argument '--lat'"): the misspelling, the cause, is said instead.
enum UnknownOption {
    /// The command `arguments` (the words after `waymark`) run, and the words refusing the first
    /// option it does not have; nil when it has them all.
    static func refusal(in arguments: [String]) -> (command: any ParsableCommand.Type, message: String)? {
        var command: any ParsableCommand.Type = Waymark.self
        var rest = arguments[...]
        while let word = rest.first, let sub = command.configuration.subcommands.first(where: { $0._commandName == word }) {
            (command, rest) = (sub, rest.dropFirst())
        }
        let known = longNames(of: command)
        // After "--" every word is an argument, whatever it looks like.
        for argument in rest.prefix(while: { $0 != "--" }) where argument.hasPrefix("--") {
            let name = String(argument.dropFirst(2).prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            let path = (["waymark"] + Waymark.commandPath(to: command)).joined(separator: " ")
            let nearest = suggestion(for: name, in: known).map { "; did you mean '--\($0)'?" } ?? ""
            return (command, "'--\(name)' is not an option of \(path)\(nearest)")
        }
        return nil
    }

    /// A known name the typed one begins with, the longest (`--lattitude`: `--lat`, `--longitude`:
    /// `--lon`), else the nearest when the typed one looks like a typo of it.
    static func suggestion(for name: String, in known: [String]) -> String? {
        known.filter { $0.count >= 3 && name.hasPrefix($0) }.max { $0.count < $1.count } ?? UnknownKey.nearest(name, in: known)
    }

    /// The command's long option and flag names, and ArgumentParser's own (help, version…), from
    /// its description of the command (the JSON of `--experimental-dump-help`).
    private static func longNames(of command: any ParsableCommand.Type) -> [String] {
        let info = try? JSONSerialization.jsonObject(with: Data(command._dumpHelp().utf8)) as? [String: Any]
        let arguments = (info?["command"] as? [String: Any])?["arguments"] as? [[String: Any]] ?? []
        let names = arguments.flatMap { $0["names"] as? [[String: Any]] ?? [] }
            .filter { ($0["kind"] as? String)?.hasPrefix("long") == true }.compactMap { $0["name"] as? String }
        return names + ["help", "version", "experimental-dump-help", "generate-completion-script"]
    }
}
