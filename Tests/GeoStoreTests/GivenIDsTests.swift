import GeoCore
@testable import GeoStore
import Testing

/// A layer's given ids are held in a few bytes each, yet a repeat is refused naming the record
/// that gave the id first, as when every key and label was kept.
@Suite struct GivenIDsTests {
    /// A place of file `t` giving `id`, made as a GeoJSON feature is.
    private func place(_ id: String) throws -> ImportRecord {
        try GeoJSONParser.record(properties: .object([("name", .string("P")), ("id", .string(id))]), geometry: nil, id: nil,
                                 fileName: "t", kind: nil, mapping: .none)
    }

    /// What `check` refuses `record` with, nil when it takes it.
    private func refusal(_ ids: GivenIDs, _ record: ImportRecord) -> String? {
        do throws(GeoError) {
            _ = try ids.check(record, given: true)
            return nil
        } catch { return error.description }
    }

    /// A million ids (a GeoPackage of a million points): under 40 bytes each, where a dictionary
    /// of their keys and labels held over 200; each found again with its own feature's number.
    @Test func aMillionIDsInFewBytesEach() throws {
        let count = 1_000_000
        let key = try #require(try place("1").sourceKey)
        var ids = GivenIDs(labels: "layer 'p', feature ")
        // Feature numbers that are not the order of noting (FIDs may skip).
        for i in 1...count {
            ids.note(KeyDigest(SourceKey(kind: key.kind, source: key.source, id: String(i))), number: Int64(i) * 10 + 3)
        }
        #expect(ids.retainedBytes < 40 * count, "\(Double(ids.retainedBytes) / Double(count)) bytes an id")
        let hint = "; the id identifies a feature when the file is imported again"
        for i in stride(from: 1, through: count, by: 9_973) {
            #expect(refusal(ids, try place(String(i))) == "id: '\(i)' is also the id of layer 'p', feature \(i * 10 + 3)" + hint)
        }
        for id in ["0", "1000001", "01", "1x"] {
            #expect(refusal(ids, try place(id)) == nil, "'\(id)' was not given")
        }
    }
}
