import GeoStore

/// SpatiaLite's half of `SearchText`'s rule: SQLite's unicode61 tokenizer lowers case and removes
/// the diacritics of Latin letters itself, but not those of Greek and Cyrillic ("ά", "й", "ё"),
/// not the Latin letters `SearchText.letters` types otherwise ("ø", "ß"), and it splits words at
/// most combining marks instead of dropping them. Those characters are folded in SQL first, by a
/// chain of `replace`, only for the texts that may hold one: one GLOB passes the others.
enum SearchPrefold {
    /// Each character the index's tokenizer folds otherwise than `SearchText`, with `SearchText`'s
    /// fold of it, in code point order. The candidates are the characters `SearchText.folded`
    /// changes (from Unicode's data); which of them the tokenizer gets wrong is asked of the
    /// linked SQLite, so the table is the same on every run with it, and fits it.
    static let table: [(character: Unicode.Scalar, folded: String)] = {
        let candidates = (UInt32(0x80)...0x1FFFF).compactMap { value -> (Unicode.Scalar, String)? in
            // CJK ideographs and Hangul syllables: no case, no marks, nothing to fold.
            guard !(0x3400...0x9FFF).contains(value), !(0xAC00...0xD7A3).contains(value),
                  let scalar = Unicode.Scalar(value) else { return nil }
            switch scalar.properties.generalCategory {
            case .unassigned, .surrogate, .privateUse, .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator:
                return nil
            default:
                // Compared scalar by scalar: String's == takes "क़" and "क" + nukta, which the tokenizer splits, as equal.
                let folded = SearchText.folded(String(scalar))
                return folded.unicodeScalars.elementsEqual([scalar]) ? nil : (scalar, folded)
            }
        }
        guard let probe = try? Database(path: ":memory:"),
              (try? probe.execute("""
                  CREATE VIRTUAL TABLE probe USING fts5(words, tokenize = '\(SearchIndexSQL.tokenizer)', detail = none);
                  CREATE VIRTUAL TABLE probe_words USING fts5vocab(probe, instance);
                  """)) != nil,
              let insert = try? probe.prepare("INSERT INTO probe (rowid, words) VALUES (?1, ?2)")
        else { return candidates }
        // Inside a word, as a word's letters or marks are: "a" + character + "b".
        var tokenized: [Int64: Set<String>] = [:]
        do {
            try probe.execute("BEGIN")
            for (i, (scalar, _)) in candidates.enumerated() { try insert.run([Int64(i), "a\(scalar)b"]) }
            try probe.execute("COMMIT")
            let words = try probe.prepare("SELECT doc, term FROM probe_words")
            while try words.step() { tokenized[words.int(0), default: []].insert(words.string(1) ?? "") }
        } catch {
            return candidates
        }
        func scalars(_ words: some Sequence<String>) -> Set<[Unicode.Scalar]> { Set(words.map { Array($0.unicodeScalars) }) }
        return candidates.enumerated().filter { i, candidate in
            scalars(tokenized[Int64(i)] ?? []) != scalars(SearchText.words("a\(candidate.0)b"))
        }.map { $0.element }
    }()

    /// `expression` folded by `table` before the tokenizer reads it. A text that holds none of the
    /// table's Latin letters nor anything from the combining marks on passes with one GLOB; the
    /// others go through the table in chunks, one step of a recursive query each (SQLite's parser
    /// takes a nesting of no more than some fifteen `replace` there), the chunks of a block of 256
    /// code points only when the text holds one of the block's characters (a Cyrillic name takes
    /// the Cyrillic chunks alone).
    static func folding(sql expression: String) -> String {
        let blocks = Dictionary(grouping: table) { $0.character.value >> 8 }.sorted { $0.key < $1.key }.map(\.value)
        var chunks: [[(character: Unicode.Scalar, folded: String)]] = [], starts: [Int] = []
        for block in blocks {
            starts.append(chunks.count)
            chunks += stride(from: 0, to: block.count, by: 12).map { Array(block[$0..<min($0 + 12, block.count)]) }
        }
        // The first chunk of the first block from `b` on that the text may need; the end past the last.
        // A block is tested by its range (one comparison a character), Latin's by its letters.
        func held(_ block: [(character: Unicode.Scalar, folded: String)]) -> String {
            let first = block[0].character.value
            return first < 0x300 ? characterClass(block.map(\.character)) : "\(Unicode.Scalar(first & ~0xFF)!)-\(Unicode.Scalar(first | 0xFF)!)"
        }
        func next(from b: Int) -> String {
            let tests = (b..<blocks.count).map { "WHEN w GLOB '*[\(held(blocks[$0]))]*' THEN \(starts[$0])" }
            return tests.isEmpty ? "\(chunks.count)" : "CASE \(tests.joined(separator: " ")) ELSE \(chunks.count) END"
        }
        let following = chunks.indices.map { i in
            let b = starts.lastIndex { $0 <= i }!
            return "WHEN \(i) THEN " + (i + 1 < (b + 1 < starts.count ? starts[b + 1] : chunks.count) ? "\(i + 1)" : next(from: b + 1))
        }
        let steps = chunks.enumerated().map { "WHEN \($0.offset) THEN \(replacing($0.element))" }
        let held = characterClass(table.map(\.character).filter { $0.value < 0x300 }) + "\u{300}-\u{10FFFF}"
        return "(SELECT CASE WHEN w GLOB '*[\(held)]*' THEN (WITH RECURSIVE folding(step, w) AS (SELECT \(next(from: 0)), w UNION ALL "
            + "SELECT CASE step \(following.joined(separator: " ")) END, CASE step \(steps.joined(separator: " ")) END "
            + "FROM folding WHERE step < \(chunks.count)) SELECT w FROM folding WHERE step = \(chunks.count)) "
            + "ELSE w END FROM (SELECT \(expression) AS w))"
    }

    /// `w` with `chunk` replaced when it holds one of its characters.
    private static func replacing(_ chunk: [(character: Unicode.Scalar, folded: String)]) -> String {
        let chain = chunk.reduce("w") { "replace(\($0), '\($1.character)', '\($1.folded)')" }
        return "CASE WHEN w GLOB '*[\(characterClass(chunk.map(\.character)))]*' THEN \(chain) ELSE w END"
    }

    /// The GLOB class of `characters` (in order), runs of three or more written as ranges.
    private static func characterClass(_ characters: [Unicode.Scalar]) -> String {
        var runs: [ClosedRange<UInt32>] = []
        for c in characters.map(\.value) {
            if let last = runs.last, last.upperBound + 1 == c { runs[runs.count - 1] = last.lowerBound...c } else { runs.append(c...c) }
        }
        return runs.map { run in
            let (first, last) = (String(Unicode.Scalar(run.lowerBound)!), String(Unicode.Scalar(run.upperBound)!))
            return switch run.count { case 1: first; case 2: first + last; default: first + "-" + last }
        }.joined()
    }
}
