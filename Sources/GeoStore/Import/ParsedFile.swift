import GeoCore

/// What a parser read from one file: the records it understood, each labelled with where it
/// came from, and the problems with the rest: the first `problemLimit` of them listed, the others
/// only counted, so that a file of a million bad records costs no more than one of a hundred.
public struct ParsedFile: Sendable {
    public var file: String
    public var records: [(record: String, value: ImportRecord)] = []
    public var problems: [ImportProblem] = []
    /// How many problems there were beyond those in `problems`.
    public var omittedProblems = 0
    /// What the file held that became no record, and why (a layer without geometry, an empty
    /// layer), for the face to say when a file yields less than it seems to hold.
    public var notes: [String] = []
    /// Records imported as they are that the face should point out (an object of the travel
    /// guide's feed found in one language's file only).
    public var warnings: [ImportProblem] = []
    /// For a file that is its source's whole snapshot (the travel guide's feed), the languages it
    /// gives: by default its import replaces the source's records (`FileImport.snapshotSources`),
    /// and keeps their texts in other languages (`ImportPlan.keepOtherLanguages`).
    public var snapshotLanguages: Set<String>?
    /// The row id of each record, when they come from another Waymark database (`exportAll`) and
    /// keep their ids, so that ids and cursors mean the same in a copy.
    package var storedIDs: [Int64]?
    /// For a file read in batches inside the import (`RecordStream`): its records are not in
    /// `records`, and its problems, notes and warnings are those of the batches read so far.
    public var stream: RecordStream?

    /// How many problems a file, and an import's report, lists.
    public static let problemLimit = 100

    public init(file: String) { self.file = file }

    /// Every problem, listed or not.
    public var problemCount: Int { problems.count + omittedProblems }

    /// The file with every batch of its stream read into `records`: what an import that needs
    /// the whole file at once (a replacement, PostGIS) reads.
    public func materialized() throws -> ParsedFile {
        guard let stream else { return self }
        var whole = self
        whole.stream = nil
        try stream.read { batch, _ in whole.absorb(batch, records: true) }
        return whole
    }

    /// Takes in a batch of this file's stream: its problems (beyond the listed limit only
    /// counted), notes and warnings, and with `records` its records too.
    public mutating func absorb(_ batch: ParsedFile, records: Bool) {
        if records { self.records += batch.records }
        let room = max(0, Self.problemLimit - problems.count)
        problems += batch.problems.prefix(room)
        omittedProblems += batch.omittedProblems + max(0, batch.problems.count - room)
        notes += batch.notes
        warnings += batch.warnings
    }

    mutating func add(_ value: ImportRecord, at record: String) { records.append((record, value)) }
    /// Records a problem; `reason` is made only when it is listed.
    mutating func reject(_ record: String, _ reason: @autoclosure () -> String) {
        guard problems.count < Self.problemLimit else {
            omittedProblems += 1
            return
        }
        problems.append(ImportProblem(file: file, record: record, reason: reason()))
    }

    /// Records the problem `error` names; its words are made only when it is listed.
    mutating func reject(_ record: String, refusal error: GeoError) {
        guard problems.count < Self.problemLimit else {
            omittedProblems += 1
            return
        }
        problems.append(ImportProblem(file: file, record: record, refusal: error))
    }
}

/// What every parser shares: it builds each record in a closure that throws a GeoError naming the
/// offending field; `attempt`/`collect` check the record's texts (`RecordTexts`) and turn either
/// error into a problem for the record, so a bad record is reported once and never reaches `records`.
extension ParsedFile {
    /// The value `build` makes, or nil after recording why it could not be made.
    mutating func attempt<T: RecordTexts>(_ record: String, _ build: () throws(GeoError) -> T) -> T? {
        do {
            let value = try build()
            try value.checkTexts()
            return value
        } catch {
            reject(record, refusal: error)
            return nil
        }
    }

    /// Adds the record `build` makes, or the problem that stopped it; whether it was added.
    @discardableResult
    mutating func collect(_ record: String, _ build: () throws(GeoError) -> ImportRecord) -> Bool {
        guard let value = attempt(record, build) else { return false }
        records.append((record, value))
        return true
    }
}
