import ArgumentParser

struct Nearest: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "nearest", abstract: "The nearest features to a point, nearest first.")
    @OptionGroup var distanceQuery: DistanceQuery

    @Option(name: .customLong("max-distance"), parsing: .unconditional, help: "Only features within this many metres.", transform: decimal)
    var maxDistance: Double?

    func run() throws { try distanceQuery.run(maxDistance: maxDistance, command: Self.self) }
}
