import GeoCore

/// Features of another format (`VectorFeature`) made into records the way GeoJSON's features
/// are: the same attributes, kinds, ids and checks, so that a Shapefile and the GeoJSON it was
/// written from import to the same records. A feature is labelled by its layer and its number
/// there ("layer 'pois', feature 17").
public struct VectorRecords {
    public private(set) var parsed: ParsedFile
    private let kind: FeatureKind?
    private let mapping: FieldMapping
    private let fileName: String
    /// What a feature's number follows in its label: its layer's.
    private var labels = ""
    private var ids = GivenIDs(labels: "")

    public init(file: String, kind: FeatureKind?, mapping: FieldMapping) {
        parsed = ParsedFile(file: file)
        (self.kind, self.mapping, fileName) = (kind, mapping, Properties.fileName(of: file))
    }

    /// The records and problems held since the last `take`.
    public var count: Int { parsed.records.count + parsed.problems.count }
    /// Every note so far (a layer left out and why).
    public private(set) var notes: [String] = []

    /// What was read since the last call, handed over as a batch of the file's stream.
    public mutating func take() -> ParsedFile {
        defer { parsed = ParsedFile(file: parsed.file) }
        return parsed
    }

    /// Before a layer's features: a layer may not give one id twice, but two layers may (as two
    /// files may: the last record of an id wins), since each names its own ids.
    public mutating func startLayer(_ label: String) {
        labels = "\(label), feature "
        ids = GivenIDs(labels: labels)
    }

    /// Adds the record of the layer's feature `number` (its FID), or the problem that stopped it.
    public mutating func add(_ feature: VectorFeature, number: Int64) {
        var key: KeyDigest?
        let added: Bool
        do {
            // Copies, since `collect` changes self; gone before `note` changes the ids (else it copies them).
            let (ids, fileName, kind, mapping) = (self.ids, self.fileName, self.kind, self.mapping)
            let given = feature.attributes.contains { mapping.key($0.name) == "id" }
            added = parsed.collect(labels + String(number)) { () throws(GeoError) in
                try feature.geometry?.validate(field: .record("geometry"))
                let properties = JSONValue.object(feature.attributes.map { ($0.name, Self.json($0.value, named: $0.name)) })
                let record = try GeoJSONParser.record(properties: properties, geometry: feature.geometry, id: nil, fileName: fileName, kind: kind, mapping: mapping)
                key = try ids.check(record, given: given)
                return record
            }
        }
        if added { self.ids.note(key, number: number) }
    }

    /// A feature the reader could not make one of (a geometry no record can hold), and why.
    public mutating func reject(_ number: Int64, reason: String) { parsed.reject(labels + String(number), reason) }

    /// What the file left out and why (a layer without geometry, an empty layer).
    public mutating func note(_ text: String) {
        parsed.notes.append(text)
        notes.append(text)
    }

    /// The properties whose values are lists: a format without JSON fields holds them as JSON text.
    private static let lists: Set<String> = ["screenings", "programme_days", "catches", "images"]

    private static func json(_ value: VectorFeature.Value, named name: String) -> JSONValue {
        switch value {
        case let .text(text) where lists.contains(name.trimmed.lowercased()):
            // A CSV's empty field is an empty text: no list; a text that is no JSON list stays text.
            return text.trimmed.isEmpty ? .null : text.trimmed.hasPrefix("[") ? json(.json(text), named: name) : .string(text)
        case let .text(text): return .string(text)
        case let .number(n, literal): return .number(n, literal: literal)
        case let .boolean(b): return .bool(b)
        case let .json(text):
            // What does not read as JSON is kept as the text it is.
            let read = Array(text.utf8).withUnsafeBufferPointer { buffer -> JSONValue? in
                var reader = JSONReader(bytes: buffer)
                guard let value = try? reader.value(), (try? reader.end()) != nil else { return nil }
                return value
            }
            return read ?? .string(text)
        }
    }
}
