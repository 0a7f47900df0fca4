import ArgumentParser

/// `waymark base …`: the base map under the annotations.
struct BaseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "base", abstract: "The base map: land, water, parks, roads, places… under the annotations.",
        subcommands: [BaseImport.self])
    /// `base --db FILE import …`: see `DatabaseOptions`, on a command group.
    @OptionGroup var database: DatabaseOptions
}
