import BaseData
import Foundation
import Testing

/// What a terminal's "time left" is computed from: the part of the file read, growing to 1.
@Suite struct ReadProgressTests {
    func reports(_ path: String) throws -> [BaseReader.Progress] {
        var reader = BaseReader(path: path)
        reader.progressInterval = 64
        var reports: [BaseReader.Progress] = []
        try reader.read(progress: { reports.append($0) }) { _ in }
        return reports
    }

    @Test func anExtractTellsHowMuchOfItIsRead() throws {
        let reports = try reports(helsinki)
        #expect(reports.count >= 2, "\(reports)")
        #expect(reports.last?.done == 1)
        let parts = reports.compactMap(\.done)
        #expect(parts.count == reports.count && zip(parts, parts.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(parts.dropLast().contains { $0 > 0 && $0 < 1 }, "a part between none and all: \(parts)")
        #expect(zip(reports.map(\.read), reports.dropFirst().map(\.read)).allSatisfy { $0 <= $1 })
    }

    @Test(.enabled(if: hasNaturalEarth, "../shared/data/naturalearth is absent: a vector file's progress was not checked"))
    func aVectorFileCountsItsFeatures() throws {
        let reports = try reports(naturalEarth.appendingPathComponent("ne_10m_rivers_europe.geojson").path)
        let parts = reports.compactMap(\.done)
        #expect(parts.count == reports.count && parts.last == 1 && parts.dropLast().contains { $0 > 0 && $0 < 1 }, "\(parts)")
    }
}
