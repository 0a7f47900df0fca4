import GeoCore
import GeoStore

/// SpatiaLite's text index for searches: two FTS5 tables with a row per POI, water, cinema and
/// trip (rowid = id × 4 + `FeatureKind.number`): `search_text` its names (in every language, the
/// `names` JSON, and other names, `alt_names`), `search_other` its other `SearchField`s, a column
/// each (address; a cinema's film titles; a trip's catches' species, notes and water). SQLite's
/// unicode61 tokenizer folds case and, with `remove_diacritics 2`, Latin's diacritics, after
/// `SearchPrefold` has folded what it does not as `SearchText` does; prefix indexes of 2,
/// 3 and 4 characters answer words being typed. Only words and prefixes are asked for, never
/// phrases, so no positions are kept (`detail = none`; `search_other` keeps the columns a word is
/// in, `detail = column`). `search_terms` and `search_other_terms` list the distinct words
/// (fts5vocab), from which one-typo neighbours are found (`TypoIndex`).
///
/// Triggers on the record tables keep it in step in the same transaction as any insert, update or
/// delete, by any code: importers, deletes, another program's SQL.
enum SearchIndexSQL {
    static func id(rowid: Int64) -> FeatureID {
        FeatureID(kind: FeatureKind(number: Int(rowid % 4))!, row: rowid / 4)
    }

    /// The tokenizer: case and the diacritics of Latin letters folded (`SearchPrefold` the rest).
    static let tokenizer = "unicode61 remove_diacritics 2"

    /// The words of the row `r` of `kind`'s table, as one text, as `version` indexes them: from 8
    /// on its `alt_names` too; from 12 the text of each `SearchField` (`fieldTexts`).
    private static func words(_ kind: FeatureKind, _ r: String, version: Int) -> String {
        if version >= 12 { return fieldTexts(kind, r) }
        let other = version >= 8 ? " || ' ' || coalesce(\(r).alt_names, '')" : ""
        return switch kind {
        case .poi:
            // Most places have no other names: their "{}" is not read as JSON.
            "\(r).name || ' ' || CASE WHEN \(r).names = '{}' THEN '' ELSE coalesce((SELECT group_concat(value, ' ') FROM json_each(\(r).names) "
                + "WHERE json_valid(\(r).names)), '') END || ' ' || coalesce(\(r).address, '')\(other)"
        case .water:
            "coalesce(\(r).name, '')\(other)"
        case .cinema:
            "\(r).name || ' ' || coalesce(\(r).address, '') || ' ' || coalesce((SELECT group_concat(title, ' ') FROM screening WHERE cinema_id = \(r).id), '')\(other)"
        case .trip:
            "\(r).name"
        }
    }

    /// The trigger that indexes each new row of `kind`'s table; a bulk import sets it aside and
    /// indexes its new rows at once (`fill`).
    static func insertTrigger(_ kind: FeatureKind) -> String { "search_\(kind.rawValue)_insert" }

    /// The words folded before the tokenizer reads them: from version 8 by `SearchPrefold`
    /// (`SearchText`'s whole rule); in version 7 only `SearchText.letters` (the tokenizer leaves
    /// "ø" and "ß" as they are), by a chain of `replace` only for the few texts that hold one (one
    /// GLOB scan of the others: the chain on every row took an import of a million names 2 s longer).
    private static func folded(_ kind: FeatureKind, _ r: String, version: Int) -> String {
        if version >= 8 { return SearchPrefold.folding(sql: words(kind, r, version: version)) }
        let letters = SearchText.letters.map(\.letter).joined()
        return "(SELECT CASE WHEN w GLOB '*[\(letters)]*' THEN \(SearchText.foldingLetters(sql: "w")) ELSE w END "
            + "FROM (SELECT \(words(kind, r, version: version)) AS w))"
    }

    /// Where one field's text ends and the next one's begins in `fieldTexts`: a control character,
    /// which no fold changes and the tokenizer reads as no word.
    private static let fieldSeparator = "char(31)"

    /// The texts of the row `r` of `kind`, one for each `SearchField` in order, joined by
    /// `fieldSeparator` (version 12): folded as one text, then split into the index's columns.
    private static func fieldTexts(_ kind: FeatureKind, _ r: String) -> String {
        let otherNames = "coalesce(\(r).alt_names, '')"
        let texts: [SearchField: String] = switch kind {
        case .poi:
            // Most places have no other names: their "{}" is not read as JSON.
            [.name: "\(r).name || ' ' || CASE WHEN \(r).names = '{}' THEN '' ELSE coalesce((SELECT group_concat(value, ' ') FROM json_each(\(r).names) "
                + "WHERE json_valid(\(r).names)), '') END || ' ' || \(otherNames)",
             .address: "coalesce(\(r).address, '')"]
        case .water:
            [.name: "coalesce(\(r).name, '') || ' ' || \(otherNames)"]
        case .cinema:
            [.name: "\(r).name || ' ' || \(otherNames)", .address: "coalesce(\(r).address, '')",
             .film: "coalesce((SELECT group_concat(title, ' ') FROM screening WHERE cinema_id = \(r).id), '')"]
        case .trip:
            [.name: "\(r).name", .catch: "coalesce((SELECT group_concat(species, ' ') FROM catch WHERE trip_id = \(r).id), '')",
             .notes: "coalesce(\(r).notes, '')", .water: "coalesce((SELECT name FROM water WHERE id = \(r).water_id), '')"]
        }
        // A separator inside a text would move the words after it into the next field's column.
        return SearchField.allCases.map { texts[$0].map { "replace(\($0), \(fieldSeparator), ' ')" } ?? "''" }
            .joined(separator: " || \(fieldSeparator) || ")
    }

    /// `search_other`'s columns: every `SearchField` but the names, in order.
    static let otherFields = SearchField.allCases.filter { $0 != .name }
    static let otherColumns = otherFields.map(\.rawValue).joined(separator: ", ")

    /// `source`, a query of `key` and `f` (folded `fieldTexts`), as rows of `key` and a column
    /// per field named for it: each separator's position found after the one before it. Each step
    /// is kept a subquery of its own (`OFFSET 0`: SQLite flattens none with an offset), else each
    /// position would be written out again in every later one, twice as often at each step.
    private static func split(_ source: String) -> String {
        let n = SearchField.allCases.count
        var query = "SELECT key, f, instr(f, \(fieldSeparator)) AS p1 FROM (\(source) LIMIT -1 OFFSET 0)"
        for i in 2..<n {
            let kept = (1..<i).map { "p\($0)" }.joined(separator: ", ")
            query = "SELECT key, f, \(kept), p\(i - 1) + instr(substr(f, p\(i - 1) + 1), \(fieldSeparator)) AS p\(i) FROM (\(query) LIMIT -1 OFFSET 0)"
        }
        let parts = ["substr(f, 1, p1 - 1)"] + (1..<(n - 1)).map { "substr(f, p\($0) + 1, p\($0 + 1) - p\($0) - 1)" } + ["substr(f, p\(n - 1) + 1)"]
        return "SELECT key, " + zip(parts, SearchField.allCases).map { "\($0) AS \($1.rawValue)" }.joined(separator: ", ") + " FROM (\(query))"
    }

    /// The rows of `source` (as `split` takes it) written into both indexes: the names (the text
    /// before the first separator) into `search_text`; the other fields into `search_other`, split
    /// only where any of them holds a text (more than the separators follow the names: most
    /// places have no address).
    private static func writing(_ source: String) -> String {
        let separators = otherFields.count
        return "INSERT INTO search_text (rowid, words) SELECT key, substr(f, 1, instr(f, \(fieldSeparator)) - 1) FROM (\(source)); "
            + "INSERT INTO search_other (rowid, \(otherColumns)) SELECT key, \(otherColumns) FROM "
            + "(\(split("SELECT key, f FROM (\(source)) WHERE length(f) - instr(f, \(fieldSeparator)) >= \(separators)")));"
    }

    /// Indexes the rows of `kind`'s table with ids above `afterRow`: each row's texts folded once
    /// into a temporary table (the split reads a folded text many times), then split into both indexes.
    static func fill(_ kind: FeatureKind, afterRow: Int64) -> String {
        "CREATE TEMP TABLE search_fill AS SELECT \(rowid(kind, "r")) AS key, \(SearchPrefold.folding(sql: fieldTexts(kind, "r"))) AS f "
            + "FROM \(kind.rawValue) AS r WHERE r.id > \(afterRow); "
            + writing("SELECT key, f FROM temp.search_fill") + " DROP TABLE temp.search_fill;"
    }

    /// The same with the words of `version` (7: as it wrote them).
    private static func fill(_ kind: FeatureKind, afterRow: Int64, version: Int) -> String {
        "INSERT INTO search_text (rowid, words) SELECT \(rowid(kind, "r")), \(folded(kind, "r", version: version)) FROM \(kind.rawValue) AS r "
            + "WHERE r.id > \(afterRow);"
    }

    private static func rowid(_ kind: FeatureKind, _ r: String) -> String { "\(r).id * 4 + \(kind.number)" }
    private static func located(_ kind: FeatureKind, _ r: String) -> String { "\(r).\(KindTable.of(kind).column) IS NOT NULL" }

    /// Version 6: the tables, the triggers, and the rows of the records already stored, of located
    /// records only (an answer was thought to need a geometry; version 7 indexes the others too).
    static var migration: String {
        var sql = """
            CREATE VIRTUAL TABLE search_text USING fts5(words, tokenize = '\(tokenizer)', prefix = '2 3 4', detail = none);
            CREATE VIRTUAL TABLE search_terms USING fts5vocab(search_text, row);

            """
        for kind in FeatureKind.allCases {
            let table = kind.rawValue
            sql += """
                CREATE TRIGGER \(insertTrigger(kind)) AFTER INSERT ON \(table) WHEN \(located(kind, "new")) BEGIN
                    INSERT INTO search_text (rowid, words) VALUES (\(rowid(kind, "new")), \(words(kind, "new", version: 6)));
                END;
                CREATE TRIGGER search_\(table)_update AFTER UPDATE ON \(table) BEGIN
                    DELETE FROM search_text WHERE rowid = \(rowid(kind, "old"));
                    INSERT INTO search_text (rowid, words) SELECT \(rowid(kind, "new")), \(words(kind, "new", version: 6)) WHERE \(located(kind, "new"));
                END;
                CREATE TRIGGER search_\(table)_delete AFTER DELETE ON \(table) BEGIN
                    DELETE FROM search_text WHERE rowid = \(rowid(kind, "old"));
                END;
                INSERT INTO search_text (rowid, words) SELECT \(rowid(kind, "r")), \(words(kind, "r", version: 6)) FROM \(table) AS r WHERE r.id > 0 AND \(located(kind, "r"));

                """
        }
        // A screening's title is its cinema's word: every change to one rewrites the cinema's row.
        let cinema = { (r: String) in
            "UPDATE search_text SET words = (SELECT \(words(.cinema, "c", version: 6)) FROM cinema AS c WHERE c.id = \(r).cinema_id) WHERE rowid = \(r).cinema_id * 4 + \(FeatureKind.cinema.number);"
        }
        sql += """
            CREATE TRIGGER search_screening_insert AFTER INSERT ON screening BEGIN \(cinema("new")) END;
            CREATE TRIGGER search_screening_update AFTER UPDATE OF title, cinema_id ON screening BEGIN \(cinema("old")) \(cinema("new")) END;
            CREATE TRIGGER search_screening_delete AFTER DELETE ON screening BEGIN \(cinema("old")) END;
            """
        return sql
    }

    /// Version 7: every record indexed, those without a position too (the guide's objects without
    /// coordinates), with `SearchText.letters` folded: the index is written again, with the triggers
    /// that keep it so.
    static var migration7: String {
        "DELETE FROM search_text;\n" + triggers(version: 7)
    }

    /// Version 8: the other names of places, waters and cinemas (`alt_names`, empty until an import
    /// brings them) are their words too, and words are folded by `SearchText`'s whole rule (Greek's
    /// and Cyrillic's diacritics too, marks dropped or ending a word as `SearchText` has them):
    /// the index is written again.
    static var migration8: String {
        """
        ALTER TABLE poi ADD COLUMN alt_names TEXT;
        ALTER TABLE water ADD COLUMN alt_names TEXT;
        ALTER TABLE cinema ADD COLUMN alt_names TEXT;
        DELETE FROM search_text;

        """ + triggers(version: 8)
    }

    /// The statement of a trigger that indexes the row `r` of `kind`: from version 11 through
    /// `search_input`, which folds; before, with the fold written out in the statement.
    private static func indexing(_ kind: FeatureKind, _ r: String, version: Int) -> String {
        version >= 11
            ? "INSERT INTO search_input (key, words) VALUES (\(rowid(kind, r)), \(words(kind, r, version: version)));"
            : "INSERT INTO search_text (rowid, words) VALUES (\(rowid(kind, r)), \(folded(kind, r, version: version)));"
    }

    /// The trigger that indexes a row of `kind` again when it changes: on any update, or only on
    /// an update of `columns`.
    private static func updateTrigger(_ kind: FeatureKind, version: Int, of columns: String? = nil) -> String {
        let table = kind.rawValue
        return """
            CREATE TRIGGER search_\(table)_update AFTER UPDATE\(columns.map { " OF " + $0 } ?? "") ON \(table) BEGIN
                DELETE FROM search_text WHERE rowid = \(rowid(kind, "old"));
                \(version >= 12 ? "DELETE FROM search_other WHERE rowid = \(rowid(kind, "old"));" : "")
                \(indexing(kind, "new", version: version))
            END;
            """
    }

    /// What a water's words come from (migration 9 on): a write that chooses again which piece
    /// carries its mark (`carries_mark`, many rows) leaves its words as they are.
    private static let waterWords = "id, name, alt_names"

    /// Version 9: a water's words are indexed again only when they change.
    static let migration9 = "DROP TRIGGER search_water_update;\n" + updateTrigger(.water, version: 8, of: waterWords)

    /// Version 11: the words are folded in one place, the INSTEAD OF INSERT trigger of the view
    /// `search_input`, and every other trigger hands them to it: the fold's SQL (some 55 KB) is in
    /// the schema once, not in eleven triggers (0.7 MB of schema that every connection's first
    /// statement parsed, most of a lookup's time). The index holds the same words. A row handed
    /// in replaces the one of its key: a screening rewrites its cinema's row (only when the
    /// cinema's row is there: a bulk import indexes its new cinemas itself, afterwards).
    static var migration11: String {
        """
        CREATE VIEW search_input (key, words) AS SELECT 0, '' WHERE 0;
        CREATE TRIGGER search_input_fold INSTEAD OF INSERT ON search_input BEGIN
            DELETE FROM search_text WHERE rowid = new.key;
            INSERT INTO search_text (rowid, words) VALUES (new.key, \(SearchPrefold.folding(sql: "new.words")));
        END;

        """ + triggers(version: 11)
    }

    /// Version 12: the index knows which field a word is in, so that a word found in a name ranks
    /// before one found elsewhere and a search can be scoped: `search_text` holds the names alone,
    /// `search_other` the other fields (a column each, `detail = column`, so that a query may name
    /// columns; a row only for a record that has one), so that a word of the names reads no other
    /// field's entries. A trip is found by its catches' species, its notes and its water's name too,
    /// kept in step by triggers on catches and on a water's name and delete; the places with a
    /// population, whose importance ranks them, are indexed apart (`poi_population`, partial; dropped by 13). The
    /// folding trigger hands the folded texts to `search_split`, whose trigger splits them into the
    /// two indexes (the split written around the fold nests deeper than SQLite's parser goes).
    /// Every record's words again.
    static var migration12: String {
        let trip = { (r: String) in
            "INSERT INTO search_input (key, words) SELECT \(rowid(.trip, "t")), \(fieldTexts(.trip, "t")) FROM trip AS t "
                + "WHERE \(r) AND EXISTS (SELECT 1 FROM search_text WHERE rowid = \(rowid(.trip, "t")));"
        }
        let deleted = FeatureKind.allCases.map { kind in
            """
            DROP TRIGGER search_\(kind.rawValue)_delete;
            CREATE TRIGGER search_\(kind.rawValue)_delete AFTER DELETE ON \(kind.rawValue) BEGIN
                DELETE FROM search_text WHERE rowid = \(rowid(kind, "old"));
                DELETE FROM search_other WHERE rowid = \(rowid(kind, "old"));
            END;
            """
        }.joined(separator: "\n")
        return """
            CREATE VIRTUAL TABLE search_other USING fts5(\(otherColumns), tokenize = '\(tokenizer)', prefix = '2 3 4', detail = column);
            CREATE VIRTUAL TABLE search_other_terms USING fts5vocab(search_other, row);
            DELETE FROM search_text;
            CREATE VIEW search_split (key, f) AS SELECT 0, '' WHERE 0;
            CREATE TRIGGER search_split_columns INSTEAD OF INSERT ON search_split BEGIN
                DELETE FROM search_text WHERE rowid = new.key;
                DELETE FROM search_other WHERE rowid = new.key;
                \(writing("SELECT new.key AS key, new.f AS f"))
            END;
            \(deleted)
            DROP TRIGGER search_input_fold;
            CREATE TRIGGER search_input_fold INSTEAD OF INSERT ON search_input BEGIN
                INSERT INTO search_split (key, f) VALUES (new.key, \(SearchPrefold.folding(sql: "new.words")));
            END;
            CREATE TRIGGER search_catch_insert AFTER INSERT ON catch BEGIN \(trip("t.id = new.trip_id")) END;
            CREATE TRIGGER search_catch_update AFTER UPDATE OF species, trip_id ON catch BEGIN \(trip("t.id = old.trip_id")) \(trip("t.id = new.trip_id")) END;
            CREATE TRIGGER search_catch_delete AFTER DELETE ON catch BEGIN \(trip("t.id = old.trip_id")) END;
            CREATE TRIGGER search_water_trips AFTER UPDATE OF name ON water WHEN old.name IS NOT new.name BEGIN \(trip("t.water_id = new.id")) END;
            CREATE TRIGGER search_water_trips_delete AFTER DELETE ON water BEGIN \(trip("t.water_id = old.id")) END;
            CREATE INDEX poi_population ON poi(population) WHERE population > 0;

            """ + triggers(version: 12) + "\n" + FeatureKind.allCases.map { fill($0, afterRow: 0) }.joined(separator: "\n")
    }

    /// Each kind's insert and update triggers and the screenings' (dropped and made again) writing
    /// the folded words of `version` (7, 8, 11 or 12); before 11, every stored record's row again.
    private static func triggers(version: Int) -> String {
        var sql = ""
        for kind in FeatureKind.allCases {
            let table = kind.rawValue
            sql += """
                DROP TRIGGER \(insertTrigger(kind));
                CREATE TRIGGER \(insertTrigger(kind)) AFTER INSERT ON \(table) BEGIN
                    \(indexing(kind, "new", version: version))
                END;
                DROP TRIGGER search_\(table)_update;
                \(updateTrigger(kind, version: version, of: version >= 11 && kind == .water ? waterWords : nil))
                \(version >= 11 ? "" : fill(kind, afterRow: 0, version: version))

                """
        }
        let cinema = { (r: String) in
            let row = "\(r).cinema_id * 4 + \(FeatureKind.cinema.number)"
            return version >= 11
                ? "INSERT INTO search_input (key, words) SELECT \(row), \(words(.cinema, "c", version: version)) FROM cinema AS c "
                    + "WHERE c.id = \(r).cinema_id AND EXISTS (SELECT 1 FROM search_text WHERE rowid = \(row));"
                : "UPDATE search_text SET words = (SELECT \(folded(.cinema, "c", version: version)) FROM cinema AS c WHERE c.id = \(r).cinema_id) WHERE rowid = \(row);"
        }
        sql += """
            DROP TRIGGER search_screening_insert;
            DROP TRIGGER search_screening_update;
            DROP TRIGGER search_screening_delete;
            CREATE TRIGGER search_screening_insert AFTER INSERT ON screening BEGIN \(cinema("new")) END;
            CREATE TRIGGER search_screening_update AFTER UPDATE OF title, cinema_id ON screening BEGIN \(cinema("old")) \(cinema("new")) END;
            CREATE TRIGGER search_screening_delete AFTER DELETE ON screening BEGIN \(cinema("old")) END;
            """
        return sql
    }
}
