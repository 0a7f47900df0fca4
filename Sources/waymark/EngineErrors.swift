import ArgumentParser
import GeoCore
import GeoStore
import MapRender

/// The CLI's one table of the engine's fields (`Field`): the option (or argument) each is typed
/// as. One field has two names: the radius is `--max-distance` on nearest and `--radius` on every
/// other command (`command`). Nil for the ids `delete` takes as arguments: the reason is said alone.
func option(for field: Field, in command: (any ParsableCommand.Type)? = nil) -> String? {
    switch field {
    case .lat: "--lat"
    case .lon: "--lon"
    case .maxDistance: command == Nearest.self ? "--max-distance" : "--radius"
    case .bbox: "--bbox"
    case .center: command == Export.self ? "--near" : "--center"
    case .zoom: "--zoom"
    case .padding: "--padding"
    case .tileZ: "--z"
    case .tileX: "--x"
    case .tileY: "--y"
    case .limit: "--limit"
    case .cursor: "--cursor"
    case .category: "--category"
    case .kind: "--kind"
    case .source: "--source"
    case .q: "the query"
    case .searchIn: "--in"
    case .language: "--lang"
    case .date: "--date"
    case .by: "--by"
    case .year: "--year"
    case .water: "--water"
    case .species: "--species"
    // The time a zone's offset is given at; no command filters by CQL2 (OGC API's items do).
    case .time: command == TimezoneLookup.self ? "--at" : nil
    case .id, .filter: nil
    case .size: "--size"
    case .scale: "--scale"
    case .crs: "--crs"
    case .style: "--style"
    case .paper: "--paper"
    case .area: "the area"
    case .radius: "--radius"
    case .database: "--db"
    case .replaceSource: "--replace-source"
    case .skipInvalid: "--skip-invalid"
    case .allowShrink: "--allow-shrink"
    case .keepMissing: "--keep-missing"
    case .fieldMapping: "--field"
    case let .record(name): name
    }
}

/// The engine's words with every field it mentions named as the CLI types it.
func said(_ reason: Reason, in command: (any ParsableCommand.Type)? = nil) -> String {
    reason.said { option(for: $0, in: command) ?? $0.description }
}

/// Runs `body`, saying the engine's refusal of an input in the CLI's words. The engine (GeoCore,
/// GeoStore and the stores, MapRender) validates every value, categories and sources against the
/// store included, and names the field; the CLI only names it as the option is typed (`option(for:in:)`),
/// `command` telling which command's names apply.
func withOptionNames<T>(in command: (any ParsableCommand.Type)? = nil, _ body: () throws -> T) throws -> T {
    func message(_ field: Field?, _ reason: Reason) -> String {
        let words = said(reason, in: command)
        return field.flatMap { option(for: $0, in: command) }.map { "\($0): \(words)" } ?? words
    }
    do {
        return try sayingEngineFailures(in: command, body)
    } catch let error as GeoError {
        throw ValidationError(message(error.field, error.reason))
    } catch let error as RenderError {
        throw ValidationError(message(error.field, error.reason))
    }
}

/// Runs `body`, saying the engine's failures that are not one input's (an import refused for its
/// records, a replacement that would store fewer records than it removes) in the CLI's words, as
/// they are, without the usage text.
func sayingEngineFailures<T>(in command: (any ParsableCommand.Type)? = nil, _ body: () throws -> T) throws -> T {
    func name(_ field: Field) -> String { option(for: field, in: command) ?? field.description }
    do {
        return try body()
    } catch let error as ImportFailure {
        throw EngineFailure(description: error.said(naming: name))
    } catch let error as ShrinkRefused {
        throw EngineFailure(description: error.said(naming: name))
    }
}

/// A failure of the engine's or the server's that is not one input's, said in the CLI's words, as
/// it is, without the usage text.
struct EngineFailure: Error, CustomStringConvertible {
    let description: String
}
