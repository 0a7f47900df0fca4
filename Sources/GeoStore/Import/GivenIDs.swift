import GeoCore

/// The ids a file gives its features, each with the record it came from: a file may not give
/// one id twice, since the id is what finds the record when the file is imported again. Only a
/// given id must be unique; records keyed by their content collapse (the last wins).
///
/// A layer may hold millions of features, so neither keys nor labels are kept: per id, its
/// digest and its record's number (24 bytes, in chunks that never move), and an open-addressed
/// index of their positions (4 bytes a slot, at most 3/4 full): 29 to 35 bytes an id.
struct GivenIDs {
    private typealias Noted = (digest: KeyDigest, number: Int64)
    /// Entries of a chunk: a chunk filled is never copied again when the ids grow.
    private static let chunkSize = 4096

    /// What a record's number follows in its label ("feature ", "layer 'x', feature ").
    private let labels: String
    private var chunks: [[Noted]] = []
    private var count = 0
    /// Each slot 0 (free) or an entry's position + 1; its count a power of two.
    private var index: [UInt32] = []

    init(labels: String) { self.labels = labels }

    /// The key `record` must hold alone, nil when it need not (an id made of its content);
    /// refused when an earlier record gave it. Noted with `note` once the record is taken.
    func check(_ record: ImportRecord, given: Bool) throws(GeoError) -> KeyDigest? {
        guard given || record.kind == .trip || FileImport.globalSources.contains(record.source ?? ""), let key = record.sourceKey else { return nil }
        let digest = KeyDigest(key)
        if case let .found(position) = find(digest) {
            let label = labels + String(chunks[position / Self.chunkSize][position % Self.chunkSize].number)
            throw .invalid(field: .record("id"), reason: "'\(key.id)' is also the id of \(label); "
                + "the id identifies a feature when the file is imported again")
        }
        return digest
    }

    /// Notes the key of the record numbered `number` (its label is `labels` and the number).
    mutating func note(_ digest: KeyDigest?, number: Int64) {
        guard let digest else { return }
        if (count + 1) * 4 > index.count * 3 { grow() }
        // A key noted twice (not refused by `check`) keeps its first record.
        guard case let .free(slot) = find(digest) else { return }
        precondition(count < Int(UInt32.max), "more ids in one layer than the index counts")
        if count % Self.chunkSize == 0 {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append((digest, number))
        count += 1
        index[slot] = UInt32(count)
    }

    /// The bytes its storage holds (capacities, not counts): what a layer's ids cost.
    var retainedBytes: Int {
        index.capacity * MemoryLayout<UInt32>.stride + chunks.capacity * MemoryLayout<[Noted]>.stride
            + chunks.reduce(0) { $0 + $1.capacity * MemoryLayout<Noted>.stride }
    }

    private enum Slot { case found(Int), free(Int) }

    /// Where `digest` is noted, or the free slot it would take (linear probing from its hash).
    private func find(_ digest: KeyDigest) -> Slot {
        guard !index.isEmpty else { return .free(0) }
        let mask = index.count - 1
        var slot = Int(truncatingIfNeeded: digest.high) & mask
        while index[slot] != 0 {
            let position = Int(index[slot]) - 1
            if chunks[position / Self.chunkSize][position % Self.chunkSize].digest == digest { return .found(position) }
            slot = (slot + 1) & mask
        }
        return .free(slot)
    }

    private mutating func grow() {
        index = [UInt32](repeating: 0, count: max(16, index.count * 2))
        let mask = index.count - 1
        for position in 0..<count {
            var slot = Int(truncatingIfNeeded: chunks[position / Self.chunkSize][position % Self.chunkSize].digest.high) & mask
            while index[slot] != 0 { slot = (slot + 1) & mask }
            index[slot] = UInt32(position + 1)
        }
    }
}
