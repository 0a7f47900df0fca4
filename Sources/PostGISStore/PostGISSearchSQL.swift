import GeoCore
import GeoStore

/// PostGIS's text index for searches: `search_word`, one row per distinct word of each POI, water,
/// cinema and trip (`kind` the kind's `FeatureKind.number`) and field it is in (`SearchField`), the same words as
/// SpatiaLite's FTS5 index and `SearchText`: canonical decomposition (NFD), the combining marks
/// of Latin, Greek and Cyrillic removed, case folded, `SearchText.letters` typed, recomposed,
/// split at what is not a letter or digit, by ICU's root collation whatever the database's (under
/// the C locale `lower` and `[:alnum:]` know only ASCII). In the C collation a B-tree answers words and prefixes
/// (`word >= p AND word < p || U+10FFFF`).
///
/// A row trigger on each record table (and on screenings, whose titles are their cinema's words)
/// rewrites the record's words in the transaction of any insert, update or delete, COPY included.
enum PostGISSearchSQL {
    /// The words of a kind's row `rid`, as one text. `located` keeps version 6's rule, under which a
    /// record without a position had none (an answer was thought to need a geometry);
    /// `alternateNames` adds version 8's `alt_names`.
    private static func text(located: Bool, alternateNames: Bool) -> String {
        let (poi, water, cinema, trip) = located
            ? (" AND r.geom IS NOT NULL", " AND r.geom IS NOT NULL", " AND r.geom IS NOT NULL", " AND r.spot IS NOT NULL") : ("", "", "", "")
        let other = alternateNames ? " || ' ' || coalesce(r.alt_names, '')" : ""
        return """
            CASE k
            WHEN 0 THEN (SELECT r.name || ' ' || coalesce((SELECT string_agg(value, ' ') FROM json_each_text(r.names::json)), '') || ' ' || coalesce(r.address, '')\(other) FROM poi AS r WHERE r.id = rid\(poi))
            WHEN 1 THEN (SELECT coalesce(r.name, '')\(other) FROM water AS r WHERE r.id = rid\(water))
            WHEN 2 THEN (SELECT r.name || ' ' || coalesce(r.address, '') || ' ' || coalesce((SELECT string_agg(s.title, ' ') FROM screening AS s WHERE s.cinema_id = r.id), '')\(other) FROM cinema AS r WHERE r.id = rid\(cinema))
            ELSE (SELECT r.name FROM trip AS r WHERE r.id = rid\(trip))
            END
            """
    }

    /// Version 6.
    static let migration = """
        CREATE TABLE search_word (kind smallint NOT NULL, id bigint NOT NULL, word text COLLATE "C" NOT NULL);
        CREATE INDEX search_word_word ON search_word (word);
        CREATE INDEX search_word_record ON search_word (kind, id);
        CREATE FUNCTION waymark_search_words(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
            SELECT DISTINCT w FROM regexp_split_to_table(normalize(lower(regexp_replace(normalize($1 COLLATE "und-x-icu", NFD),
                '[\\u0300-\\u036F\\u0483-\\u0489\\u1AB0-\\u1AFF\\u1DC0-\\u1DFF\\u20D0-\\u20FF\\uFE20-\\uFE2F]', '', 'g')), NFC),
                '[^[:alnum:]]+') AS w WHERE w <> ''
        $$;
        CREATE FUNCTION waymark_search_reindex(k smallint, rid bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM search_word WHERE kind = k AND id = rid;
            INSERT INTO search_word (kind, id, word) SELECT k, rid, w FROM waymark_search_words(\(text(located: true, alternateNames: false))) AS w;
        END
        $$;
        CREATE FUNCTION waymark_search_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN PERFORM waymark_search_reindex(TG_ARGV[0]::smallint, OLD.id); END IF;
            IF TG_OP <> 'DELETE' THEN PERFORM waymark_search_reindex(TG_ARGV[0]::smallint, NEW.id); END IF;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION waymark_search_screening() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN PERFORM waymark_search_reindex(2::smallint, OLD.cinema_id); END IF;
            IF TG_OP <> 'DELETE' THEN PERFORM waymark_search_reindex(2::smallint, NEW.cinema_id); END IF;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER search_poi AFTER INSERT OR UPDATE OR DELETE ON poi FOR EACH ROW EXECUTE FUNCTION waymark_search_trigger('0');
        CREATE TRIGGER search_water AFTER INSERT OR UPDATE OR DELETE ON water FOR EACH ROW EXECUTE FUNCTION waymark_search_trigger('1');
        CREATE TRIGGER search_cinema AFTER INSERT OR UPDATE OR DELETE ON cinema FOR EACH ROW EXECUTE FUNCTION waymark_search_trigger('2');
        CREATE TRIGGER search_screening AFTER INSERT OR UPDATE OR DELETE ON screening FOR EACH ROW EXECUTE FUNCTION waymark_search_screening();
        CREATE TRIGGER search_trip AFTER INSERT OR UPDATE OR DELETE ON trip FOR EACH ROW EXECUTE FUNCTION waymark_search_trigger('3');
        SELECT waymark_search_reindex(0::smallint, id) FROM poi;
        SELECT waymark_search_reindex(1::smallint, id) FROM water;
        SELECT waymark_search_reindex(2::smallint, id) FROM cinema;
        SELECT waymark_search_reindex(3::smallint, id) FROM trip
        """

    /// Version 6's text without marks, lower case, with `SearchText.letters` folded.
    private static let foldedLowerText = SearchText.foldingLetters(sql: #"lower(regexp_replace(normalize($1 COLLATE "und-x-icu", NFD), "#
        + #"'[\u0300-\u036F\u0483-\u0489\u1AB0-\u1AFF\u1DC0-\u1DFF\u20D0-\u20FF\uFE20-\uFE2F]', '', 'g'))"#)

    /// Version 7: the records without a position are found by name too, and `SearchText.letters`
    /// are folded (after `lower`, which under ICU lowers them too): every record's words again.
    static let migration7 = """
        CREATE OR REPLACE FUNCTION waymark_search_words(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
            SELECT DISTINCT w FROM regexp_split_to_table(normalize(\(foldedLowerText), NFC), '[^[:alnum:]]+') AS w WHERE w <> ''
        $$;
        \(reindexing(alternateNames: false))
        """

    /// `SearchText`'s rule before the split: marks of `SearchText.removedMarks` removed after NFD,
    /// lower case, then `SearchText.caseFolds` (`lower` leaves "ς" and "ſ") and `letters`, recomposed.
    private static let foldedText: String = {
        func escaped(_ value: UInt32) -> String {
            let hex = String(value, radix: 16)
            return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        }
        let marks = SearchText.removedMarks.map { escaped($0.lowerBound) + "-" + escaped($0.upperBound) }.joined()
        let folds = SearchText.caseFolds.sorted { $0.key.value < $1.key.value }
        let lower = #"lower(regexp_replace(normalize($1 COLLATE "und-x-icu", NFD), "# + "'[\(marks)]', '', 'g'))"
        let folded = "translate(\(lower), '\(String(String.UnicodeScalarView(folds.map(\.key))))', '\(String(String.UnicodeScalarView(folds.map(\.value))))')"
        return "normalize(\(SearchText.foldingLetters(sql: folded)), NFC)"
    }()

    /// Version 8: other names (`alt_names`, empty until an import brings them) are words too, and
    /// words follow `SearchText`'s whole rule (Greek's and Cyrillic's diacritics are dropped as
    /// Latin's, "ς" is "σ"): every record's words again.
    static let migration8 = """
        ALTER TABLE poi ADD COLUMN alt_names text;
        ALTER TABLE water ADD COLUMN alt_names text;
        ALTER TABLE cinema ADD COLUMN alt_names text;
        CREATE OR REPLACE FUNCTION waymark_search_words(text) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
            SELECT DISTINCT w FROM regexp_split_to_table(\(foldedText), '[^[:alnum:]]+') AS w WHERE w <> ''
        $$;
        \(reindexing(alternateNames: true))
        """

    /// The function that writes a record's words, of version 7 or with `alternateNames` of 8, and
    /// every record's words written again by it.
    private static func reindexing(alternateNames: Bool) -> String {
        """
        CREATE OR REPLACE FUNCTION waymark_search_reindex(k smallint, rid bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM search_word WHERE kind = k AND id = rid;
            INSERT INTO search_word (kind, id, word) SELECT k, rid, w FROM waymark_search_words(\(text(located: false, alternateNames: alternateNames))) AS w;
        END
        $$;
        SELECT waymark_search_reindex(0::smallint, id) FROM poi;
        SELECT waymark_search_reindex(1::smallint, id) FROM water;
        SELECT waymark_search_reindex(2::smallint, id) FROM cinema;
        SELECT waymark_search_reindex(3::smallint, id) FROM trip
        """
    }

    /// The texts of the record `rid` of kind `k`, one per `SearchField` in order (version 11), as
    /// SpatiaLite's columns hold them.
    private static let fieldTexts: String = {
        func array(_ texts: [SearchField: String]) -> String {
            "ARRAY[" + SearchField.allCases.map { texts[$0] ?? "''" }.joined(separator: ", ") + "]"
        }
        let otherNames = "coalesce(r.alt_names, '')"
        let poi = array([.name: "r.name || ' ' || coalesce((SELECT string_agg(value, ' ') FROM json_each_text(r.names::json)), '') || ' ' || \(otherNames)",
                         .address: "coalesce(r.address, '')"])
        let water = array([.name: "coalesce(r.name, '') || ' ' || \(otherNames)"])
        let cinema = array([.name: "r.name || ' ' || \(otherNames)", .address: "coalesce(r.address, '')",
                            .film: "coalesce((SELECT string_agg(s.title, ' ') FROM screening AS s WHERE s.cinema_id = r.id), '')"])
        let trip = array([.name: "r.name", .catch: "coalesce((SELECT string_agg(c.species, ' ') FROM catch AS c WHERE c.trip_id = r.id), '')",
                          .notes: "coalesce(r.notes, '')", .water: "coalesce((SELECT w.name FROM water AS w WHERE w.id = r.water_id), '')"])
        return """
            CASE k
            WHEN 0 THEN (SELECT \(poi) FROM poi AS r WHERE r.id = rid)
            WHEN 1 THEN (SELECT \(water) FROM water AS r WHERE r.id = rid)
            WHEN 2 THEN (SELECT \(cinema) FROM cinema AS r WHERE r.id = rid)
            ELSE (SELECT \(trip) FROM trip AS r WHERE r.id = rid)
            END
            """
    }()

    /// Version 11: each word keeps the field it is in (`field`, `SearchField.number`; a word in two
    /// fields has a row for each), so that a word found in a name ranks first and a search can be
    /// scoped; a trip's catches' species, notes and water are its words too, kept in step by
    /// triggers on catches and on a water's name. The places with a population (which ranks them)
    /// are indexed apart (`poi_population`, partial; dropped by 12). Every record's words again.
    static let migration11 = """
        ALTER TABLE search_word ADD COLUMN field smallint NOT NULL DEFAULT 0;
        CREATE OR REPLACE FUNCTION waymark_search_reindex(k smallint, rid bigint) RETURNS void LANGUAGE plpgsql AS $$
        BEGIN
            DELETE FROM search_word WHERE kind = k AND id = rid;
            INSERT INTO search_word (kind, id, word, field)
            SELECT DISTINCT k, rid, w, (t.n - 1)::smallint FROM unnest(\(fieldTexts)) WITH ORDINALITY AS t(text, n), waymark_search_words(t.text) AS w;
        END
        $$;
        CREATE FUNCTION waymark_search_owner() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            IF TG_OP <> 'INSERT' THEN PERFORM waymark_search_reindex(TG_ARGV[0]::smallint, (to_jsonb(OLD) ->> TG_ARGV[1])::bigint); END IF;
            IF TG_OP <> 'DELETE' THEN PERFORM waymark_search_reindex(TG_ARGV[0]::smallint, (to_jsonb(NEW) ->> TG_ARGV[1])::bigint); END IF;
            RETURN NULL;
        END
        $$;
        CREATE FUNCTION waymark_search_water_trips() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            PERFORM waymark_search_reindex(3::smallint, t.id) FROM trip AS t WHERE t.water_id = NEW.id;
            RETURN NULL;
        END
        $$;
        CREATE TRIGGER search_catch AFTER INSERT OR DELETE OR UPDATE OF species, trip_id ON catch FOR EACH ROW EXECUTE FUNCTION waymark_search_owner('3', 'trip_id');
        CREATE TRIGGER search_water_trips AFTER UPDATE OF name ON water FOR EACH ROW
            WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION waymark_search_water_trips();
        CREATE INDEX poi_population ON poi (population) WHERE population > 0;
        DELETE FROM search_word;
        SELECT waymark_search_reindex(0::smallint, id) FROM poi;
        SELECT waymark_search_reindex(1::smallint, id) FROM water;
        SELECT waymark_search_reindex(2::smallint, id) FROM cinema;
        SELECT waymark_search_reindex(3::smallint, id) FROM trip
        """

    static func id(kind: Int16, row: Int64) -> FeatureID {
        FeatureID(kind: FeatureKind(number: Int(kind))!, row: row)
    }
}
