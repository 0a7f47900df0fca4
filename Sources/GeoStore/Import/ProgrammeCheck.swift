import GeoCore

extension ImportPlan {
    /// Refuses (with `skipInvalid`, leaves out) each cinema with a screening on none of the days its
    /// file states (`ProgrammeDays`). After `assignZones`: the cinema's zone decides its screenings' days.
    package mutating func checkProgrammes(skipInvalid: Bool) throws {
        var refused: [Int] = [], problems: [ImportProblem] = []
        for (i, r) in records.enumerated() {
            guard case let .cinema(c) = r.value else { continue }
            do throws(GeoError) { _ = try ProgrammeDays(c, zone: c.timezone ?? "UTC") } catch {
                refused.append(i)
                problems.append(ImportProblem(file: r.file, record: r.record, refusal: error))
            }
        }
        let listed = problems.prefix(ParsedFile.problemLimit)
        try refuse(refused, problems: Array(listed), omitted: problems.count - listed.count, skipInvalid: skipInvalid)
    }
}
