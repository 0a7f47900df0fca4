import ArgumentParser

/// `waymark timezone …`: the zone of a point (the default), and the zone polygons it is found from.
struct TimezoneCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "timezone", abstract: "The IANA time zone of a point, from the stored zone polygons.",
        subcommands: [TimezoneLookup.self, TimezoneImport.self], defaultSubcommand: TimezoneLookup.self)
    /// `timezone --db FILE import …`: see `DatabaseOptions`, on a command group.
    @OptionGroup var database: DatabaseOptions
}
