import ArgumentParser

@main
struct Waymark: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Geospatial queries over points of interest, waters, cinemas and trips.",
        subcommands: [Import.self, BaseCommand.self, TimezoneCommand.self, Nearest.self, Within.self, BBox.self, Search.self, Stats.self, Render.self, AtlasCommand.self, Serve.self, Copy.self])
}
