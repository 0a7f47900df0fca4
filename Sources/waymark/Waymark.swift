import ArgumentParser
import Foundation

@main
struct Waymark: AsyncParsableCommand {
    // Every command here names itself (`commandName`): ArgumentParser otherwise makes the name
    // from the type's description, each a scan of the program's conformances on every start.
    static let configuration = CommandConfiguration(
        commandName: "waymark",
        abstract: "Geospatial queries over points of interest, waters, cinemas and trips.",
        version: VersionText.forThisRun,
        subcommands: [Import.self, Delete.self, BaseCommand.self, TimezoneCommand.self, Nearest.self, Within.self, BBox.self, Search.self, Cinemas.self, Trips.self, Stats.self, Render.self, AtlasCommand.self, Serve.self, Copy.self, Export.self])

    /// As ArgumentParser's own entry point does (its async parse and run), except that a
    /// command's own run-time complaint (an engine error on an option) shows that command's
    /// usage, not the root's "waymark <subcommand>", and that a parse that fails is explained.
    static func main() async {
        var command: any ParsableCommand
        do { command = try await asyncParseAsRoot(nil) } catch {
            // An unknown first word is a command that does not exist: said so, with the commands
            // there are, instead of the parser's complaint about the first option after it
            // (`waymark serch --db x` would be "Unknown option '--db'"). Asked only of a parse
            // that failed: a command that parses has no unknown first word.
            if let word = CommandLine.arguments.dropFirst().first, let message = unknownCommand(word) {
                FileHandle.standardError.write(Data(message.utf8))
                Self.exit(withError: ExitCode.validationFailure)
            }
            // Help and --version end the parse too, as a success: no option of theirs is unknown.
            if exitCode(for: error) != .success, let unknown = UnknownOption.refusal(in: Array(CommandLine.arguments.dropFirst())) {
                refuse(unknown.message, of: unknown.command)
            }
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? any AsyncParsableCommand { try await asyncCommand.run() } else { try command.run() }
        } catch let error as ValidationError {
            refuse(error.message, of: type(of: command))
        } catch {
            exit(withError: error)
        }
    }

    /// Exits after saying `message` with the usage of `command`, as ArgumentParser says its own refusals.
    static func refuse(_ message: String, of command: any ParsableCommand.Type) -> Never {
        let path = (["waymark"] + commandPath(to: command)).joined(separator: " ")
        let text = "Error: \(message)\nUsage: \(usageString(for: command))\n  See '\(path) --help' for more information.\n"
        FileHandle.standardError.write(Data(text.utf8))
        exit(withError: ExitCode.validationFailure)
    }

    /// The words naming a subcommand under waymark (`["base", "import"]`), found in the command tree.
    static func commandPath(to target: any ParsableCommand.Type, under parent: any ParsableCommand.Type = Waymark.self) -> [String] {
        for child in parent.configuration.subcommands {
            if child == target { return [child._commandName] }
            let below = commandPath(to: target, under: child)
            if !below.isEmpty { return [child._commandName] + below }
        }
        return []
    }

    /// The message for a first word that is neither an option nor a command, else nil.
    static func unknownCommand(_ word: String) -> String? {
        let names = configuration.subcommands.map { $0._commandName }
        guard !word.hasPrefix("-"), word != "help", !names.contains(word) else { return nil }
        return "Error: '\(word)' is not a waymark command.\nCommands: \(names.joined(separator: ", "))\n"
            + "See 'waymark help' or 'waymark help COMMAND'.\n"
    }
}
