import ArgumentParser

struct Within: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "within", abstract: "Features within a radius of a point, nearest first.")
    @OptionGroup var distanceQuery: DistanceQuery

    @Option(parsing: .unconditional, help: "Radius in metres (up to 20 000 km).", transform: decimal)
    var radius: Double

    func run() throws { try distanceQuery.run(maxDistance: radius, command: Self.self) }
}
