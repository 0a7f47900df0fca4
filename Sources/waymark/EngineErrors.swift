import ArgumentParser
import GeoCore
import MapRender

/// Runs `body`, saying the engine's refusal of an input in the CLI's words. The engine (GeoCore,
/// GeoStore, MapRender) validates every value and names the field; the CLI only renames it as
/// the option is typed: `lat` → `--lat`, `max_distance` → `--max-distance`, or as `renamed` says
/// (`within` calls the radius `--radius`).
func withOptionNames<T>(_ renamed: [String: String] = [:], _ body: () throws -> T) throws -> T {
    func option(_ field: String) -> String { "--" + (renamed[field] ?? field.replacingOccurrences(of: "_", with: "-")) }
    do {
        return try body()
    } catch let error as GeoError {
        throw ValidationError("\(option(error.field)): \(error.reason)")
    } catch let error as RenderError {
        throw ValidationError(error.field.map { "\(option($0)): \(error.reason)" } ?? error.description)
    }
}
