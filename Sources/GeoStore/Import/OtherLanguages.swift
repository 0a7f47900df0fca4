import GeoCore

/// A snapshot file of some of its source's languages (the travel guide's Latvian file alone) speaks
/// for those languages only. Each of its objects is matched to the stored object it is
/// (`FeedObjectMatching`, after equal ids) and keeps that object's texts in the other languages;
/// where the file lacks the language of the object's default name (Latvian, the feed's primary
/// language), the object keeps that name, its id and description, so that the English file alone
/// updates the same rows. A stored object with no text in the file's languages was never in such a
/// file and stays; one that has a text in them and is not in the file is gone from the feed.
extension ImportPlan {
    /// The stored records of these sources are to be handed to `keepOtherLanguages`.
    package var snapshotSources: [String] { snapshotLanguages.keys.sorted() }

    /// `stored`: the stored places of `snapshotSources`, in id order (an import stores the feed's
    /// objects without a position in the feed's order, which the matching leans on).
    package mutating func keepOtherLanguages(_ stored: [PlaceRecord]) {
        for (source, languages) in snapshotLanguages {
            let old = stored.filter { $0.source == source }
            guard old.contains(where: { !Set($0.names.keys).isSubset(of: languages) }) else { continue }
            let indices = records.indices.filter { records[$0].value.kind == .poi && records[$0].value.source == source }
            var new = indices.map { i -> PlaceRecord? in if case let .place(p) = records[i].value { p } else { nil } }
            var pairs: [(first: Int, second: Int)] = [], pairedNew = Set<Int>()
            let byID = Dictionary(old.indices.compactMap { o in old[o].sourceID.map { ($0, o) } }, uniquingKeysWith: { first, _ in first })
            var rest = old.map(Optional.some)
            for k in new.indices {
                guard let id = new[k]?.sourceID, let o = byID[id], rest[o] != nil else { continue }
                pairs.append((k, o))
                pairedNew.insert(k)
                rest[o] = nil
            }
            let unpaired = new.indices.map { k in pairedNew.contains(k) ? nil : new[k] }
            pairs += FeedObjectMatching.pairs(unpaired, rest)
            for (k, o) in pairs {
                new[k]?.keepTexts(of: old[o], besides: languages)
                records[indices[k]].value = .place(new[k]!)
            }
            let paired = Set(pairs.map(\.second))
            for (o, place) in old.enumerated() where !paired.contains(o) && Set(place.names.keys).isDisjoint(with: languages) {
                if let id = place.sourceID { keptStored.append(SourceKey(kind: .poi, source: source, id: id)) }
            }
        }
    }
}

extension PlaceRecord {
    /// Takes the stored `old` object's names and descriptions in languages other than `languages`,
    /// and its default name, id and description when they are in one of those and the file is not
    /// Latvian (the feed's default language, whose name is the id wherever the feed gives one).
    fileprivate mutating func keepTexts(of old: PlaceRecord, besides languages: Set<String>) {
        names.merge(old.names.filter { !languages.contains($0.key) }) { new, _ in new }
        descriptions.merge(old.descriptions.filter { !languages.contains($0.key) }) { new, _ in new }
        guard !languages.contains("lv"),
              let language = old.names.first(where: { !languages.contains($0.key) && $0.value == old.name })?.key else { return }
        (name, sourceID) = (old.name, old.sourceID)
        description = old.descriptions[language] ?? description
    }
}
